import { writeSync } from 'node:fs';

type Write = (chunk: string | Uint8Array) => void;

/** Where `printOut` and `printErr` print instead of the descriptors (`redirectOutput`). */
export interface OutputSink {
  out(text: string): void;
  err(text: string): void;
}

let sink: OutputSink | null = null;

/**
 * Sends what `printOut` and `printErr` print to `to` until the returned function is called: a command run in this
 * process (the tests run `main` so) hands its output there, as a caller of the CLI reads it from the descriptors.
 */
export function redirectOutput(to: OutputSink): () => void {
  const before = sink;
  sink = to;
  return () => {
    sink = before;
  };
}

/**
 * Prints `text` on standard output before returning, as the commands that print an answer and end do (decision
 * 0027): `process.stdout` on a pipe loads Node's `net` and stream modules, about 10 ms of a 210 ms `state` call. A
 * reader that stops early (`moddesk state … | head`) ends the output quietly, not with an EPIPE stack trace; a
 * non-blocking descriptor that is full hands the rest, and everything after it, to `process.stdout`.
 */
export const printOut = printer(1, 'out', () => streamOut());

/** `printOut` for standard error (flags, warnings, errors); a closed reader drops them. */
export const printErr = printer(2, 'err', () => (chunk) => void process.stderr.write(chunk));

/** What `printOut` and `printErr` are, for descriptor `fd`: `toStream` gives the stream a full non-blocking one hands over to. */
export function printer(fd: number, name: keyof OutputSink, toStream: () => Write): (text: string) => void {
  let stream: Write | null = null;
  return (text) => {
    if (sink) return sink[name](text);
    if (stream) return stream(text);
    const bytes = Buffer.from(text, 'utf8');
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(fd, bytes, done);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EPIPE' && fd === 1) process.exit(0);
      if (code === 'EPIPE') return;
      if (code !== 'EAGAIN') throw err;
      stream = toStream();
      stream(bytes.subarray(done));
    }
  };
}

/**
 * Standard output as Node's stream, for the commands that print while they run (`watch`, `serve`, `demo`): a slow
 * reader never blocks their event loop. A reader that stops early ends the process quietly.
 */
export function streamOut(): Write {
  if (process.stdout.listenerCount('error') === 0)
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
  return (chunk) => void process.stdout.write(chunk);
}

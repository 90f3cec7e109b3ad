import { writeSync } from 'node:fs';

type Write = (chunk: string | Uint8Array) => void;

/**
 * Prints `text` on standard output before returning, as the commands that print an answer and end do (decision
 * 0027): `process.stdout` on a pipe loads Node's `net` and stream modules, about 6 ms of a 200 ms `state` call. A
 * reader that stops early (`moddesk state … | head`) ends the output quietly, not with an EPIPE stack trace; a
 * non-blocking descriptor that is full hands the rest, and everything after it, to `process.stdout`.
 */
export const printOut = printer(1, () => streamOut());

/** `printOut` for standard error (flags, warnings, errors); a closed reader drops them. */
export const printErr = printer(2, () => (chunk) => void process.stderr.write(chunk));

function printer(fd: number, toStream: () => Write): (text: string) => void {
  let stream: Write | null = null;
  return (text) => {
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

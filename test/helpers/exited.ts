import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A child's pipe is drained when it closes (Node resumes one nobody reads once the child exits, so it closes too); a
 * pipe a grandchild still holds open is not waited for past 5 s.
 */
const drained = (stream: Readable | null) =>
  !stream || stream.readableEnded || stream.destroyed
    ? Promise.resolve()
    : Promise.race([new Promise<void>((resolve) => stream.once('close', () => resolve())), sleep(5_000)]);

/**
 * The child's exit code once it has exited and what it wrote has been read: Node may report the exit before the
 * last bytes of its stderr pipe, and a refused desk's only words are those bytes.
 */
export const exited = async (child: ChildProcess): Promise<number | null> => {
  if (child.exitCode === null && child.signalCode === null)
    await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await Promise.all([drained(child.stdout), drained(child.stderr)]);
  return child.exitCode;
};

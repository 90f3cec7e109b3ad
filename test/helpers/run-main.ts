import { main } from '../../src/cli/main.js';
import { redirectOutput } from '../../src/cli/output.js';

/** `moddesk ARGS` run in this process: its exit code and what it printed on standard output and error. */
export async function runMain(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const restore = redirectOutput({
    out: (s) => {
      out += s;
    },
    err: (s) => {
      err += s;
    },
  });
  try {
    const code = await main(args);
    return { code, out, err };
  } finally {
    restore();
  }
}

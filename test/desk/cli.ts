// Runs the CLI from the TypeScript sources (tests spawn it with `node --import tsx`), like bin/moddesk.js does from dist.
import { main } from '../../src/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`moddesk: ${err?.stack ?? err}\n`);
    process.exitCode = 70;
  },
);

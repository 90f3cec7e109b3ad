/**
 * `npm run bench`: runs every bench/*.bench.ts in this process and prints one line per figure.
 * Speed is reported as ratios against a baseline measured in the same run (never timed tests).
 * A bench file default-exports `async () => BenchFigure[]`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  /** When set: `ratio = value / baseline.value`, both measured in this run. */
  baseline?: { name: string; value: number };
  note?: string;
}

const here = dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f.includes(only))
  .sort();
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<BenchFigure[]> };
  process.stdout.write(`# ${file}\n`);
  for (const fig of await mod.default()) {
    const ratio = fig.baseline
      ? `  ratio ${(fig.value / fig.baseline.value).toFixed(2)} vs ${fig.baseline.name} (${fmt(fig.baseline.value)} ${fig.unit})`
      : '';
    process.stdout.write(`${fig.name}: ${fmt(fig.value)} ${fig.unit}${ratio}${fig.note ? `  (${fig.note})` : ''}\n`);
  }
}

function fmt(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : n.toPrecision(3);
}

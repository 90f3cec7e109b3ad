/**
 * How far a desk's V8 heap may grow past what its last full collection kept, in percent (decision 0022). V8's own
 * factor goes up to 4 while the program allocates fast, as a desk's start-up does (a first read of every game), and
 * V8 keeps the pages it grew to for as long as the desk runs: 1,000 games grew the old space to 120–160 MB over a
 * 92 MB live heap. Bounded, the start-up pays a few more full collections and the desk at rest holds 40–70 MB less
 * RSS; at rest V8's own factor is already near this (the live heap barely moves), so the CPU at rest is unchanged
 * within the noise (20% held 20–45 MB less).
 */
export const DESK_HEAP_GROWING_PERCENT = 10;

/**
 * Sets the bound for this process (`--heap-growing-percent`, which V8 reads at every full collection, so it holds
 * from the next one on). The desk (`Watcher.open`) is the process's one long-running part; a one-shot command
 * never opens one.
 */
export function boundHeapGrowth(percent = DESK_HEAP_GROWING_PERCENT): void {
  process.getBuiltinModule('node:v8').setFlagsFromString(`--heap-growing-percent=${percent}`);
}

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** CPU share of one core and memory of this process over the span from the call to the returned function's call. */
export function sample() {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  return () => {
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - t0;
    const mem = process.memoryUsage();
    return {
      cpuShare: ((cpu.user + cpu.system) / 1000 / Math.max(wall, 1)) * 100,
      rssMb: mem.rss / 2 ** 20,
      heapMb: mem.heapUsed / 2 ** 20,
      heapTotalMb: mem.heapTotal / 2 ** 20,
      externalMb: mem.external / 2 ** 20,
    };
  };
}

/**
 * The heap still in use after a full collection (MB): what the process holds, where `heapUsed` at a random moment
 * also counts garbage V8 has not collected yet. Call it after `sample()`'s figures are taken (it runs a GC).
 */
export function liveHeapMb(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

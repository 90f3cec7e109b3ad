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

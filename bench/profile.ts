import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * MODDESK_BENCH_CPU_PROF=dir: a V8 CPU profile of one measured span (not the start-up), written to
 * `dir/<name>.cpuprofile` for Chrome's DevTools. Without the variable it does nothing.
 */
export async function profileSpan(name: string): Promise<() => Promise<void>> {
  const dir = process.env.MODDESK_BENCH_CPU_PROF;
  if (!dir) return async () => {};
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

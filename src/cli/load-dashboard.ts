import type { StartWebServer } from '../app/run-desk.js';

/** The dashboard (src/web/server.ts), loaded only by a command that serves it. */
export async function loadDashboard(): Promise<StartWebServer> {
  return (await import('../web/server.js')).startWebServer;
}

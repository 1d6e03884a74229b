/**
 * Scenario 5, start-up: from spawning the portal process to the first 200 from /api/health,
 * polled every 10 ms. "Empty" is a first start (fresh DATA_DIR or database: migrations, the
 * first admin, the auth secret); "populated" is a restart on the seeded data.
 */
import { startPortal } from '../../src/server/testing/portal-process';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort } from '../portal';

const POLL_MS = 10;
const GIVE_UP_MS = 120_000;

export async function timeStartUp(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const portal = startPortal({ ...env, PORT: String(port), BASE_URL: url, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: 'warn' });
  try {
    for (;;) {
      if (portal.child.exitCode !== null) throw new Error(`the portal exited during start-up:\n${portal.output()}`);
      if (performance.now() - started > GIVE_UP_MS) throw new Error(`no healthy portal after ${GIVE_UP_MS} ms`);
      try {
        const response = await fetch(`${url}/api/health`);
        await response.arrayBuffer();
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    portal.child.kill('SIGTERM');
    const timer = setTimeout(() => portal.kill(), 15_000);
    await portal.exited;
    clearTimeout(timer);
  }
}

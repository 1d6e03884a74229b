/**
 * Scenario 5, start-up: from spawning the portal process to the first 200 from /api/health,
 * polled every 10 ms. "Empty" is a first start (fresh DATA_DIR or database: migrations, the
 * first admin, the auth secret); "populated" is a start on the seeded data (the bench's own
 * start of the portal counts as one).
 */
import { startBenchPortal, type DatabaseUnderTest } from '../portal';

export async function timeStartUp(target: DatabaseUnderTest): Promise<number> {
  const portal = await startBenchPortal(target);
  await portal.stop();
  return portal.startupMs;
}

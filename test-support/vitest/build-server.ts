import { ensureServerBuilt } from '#test-support/portal-process';

/**
 * Vitest global setup: the server and the database template are built once, before any worker
 * starts, so tests that start the real server (startPortal) neither race each other to build
 * them nor spend their own time limits on it.
 */
export default function buildServer() {
  ensureServerBuilt();
}

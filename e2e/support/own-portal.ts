import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPortal, type PortalProcess } from '#test-support/portal-process';
import { E2E_PORT, USERS } from './users';

/**
 * A portal of a spec's own, beside the shared test server, for what would disturb the specs
 * running on that one (a setting for the whole portal, a restart, email turned off): its own
 * port (E2E_PORT + `offset`, one per spec) with the shared admin. `start` makes a fresh data
 * directory the first time and keeps it for a restart; the caller stops the process (`kill`,
 * then `exited`) and calls `remove`.
 */
export function ownPortal(offset: number, name: string) {
  const port = E2E_PORT + offset;
  const base = `http://localhost:${port}`;
  let dataDir: string | null = null;
  return {
    base,
    start: (extra: Record<string, string> = {}): PortalProcess => {
      dataDir ??= fs.mkdtempSync(path.join(os.tmpdir(), `portal-e2e-${name}-`));
      return startPortal({
        DATA_DIR: dataDir,
        PORT: String(port),
        BASE_URL: base,
        ADMIN_EMAIL: USERS.admin.email,
        ADMIN_PASSWORD: USERS.admin.password,
        ...extra,
      });
    },
    remove: () => {
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      dataDir = null;
    },
  };
}

import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './e2e/support/find-chromium';
import { E2E_PORT } from './e2e/support/users';

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${E2E_PORT}`,
    // Off: recording a trace of every test to keep the failed ones cost a quarter of the
    // suite's time (admin.spec.ts: 2.9 min with, 2.2 without). To see a failure, run the spec
    // again with `--trace on` and open it with `npx playwright show-trace`.
    trace: 'off',
    launchOptions: {
      executablePath: findChromium(),
      // Debian's chromium as root in a closed network (ARCHITECTURE.md gotcha 9).
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx e2e/support/start-server.ts',
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    // Includes building the server and the database template when they are out of date.
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets start-server.ts stop the portal it started (in a process group of its own);
    // the default SIGKILL of the group once left that portal holding the port for the next run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});

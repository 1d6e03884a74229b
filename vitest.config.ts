import { defineConfig } from 'vitest/config';

// Unit tests (*.test.ts) and integration tests (*.int.test.ts) live beside the code.
// Browser tests are in e2e/ and run with Playwright.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/testing/fail-on-console-error.ts'],
    globalSetup: ['src/testing/build-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only slows PGlite start-up down.
    maxWorkers: 2,
  },
});

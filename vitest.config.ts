import path from 'node:path';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test-support/vitest/longest-first.ts';

// Unit tests (*.test.ts) and integration tests (*.int.test.ts) live beside the code.
// Browser tests are in e2e/ and run with Playwright.
export default defineConfig({
  // The client's '@/…' imports, as vite.config.ts resolves them for the app.
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src/client') } },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'security/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['test-support/vitest/fail-on-console-error.ts'],
    globalSetup: ['test-support/vitest/build-server.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers than that only slows PGlite start-up down.
    maxWorkers: 2,
    // A worker keeps its loaded modules from one test file to the next (decision 0136): loading
    // the server's modules again for each of 158 files cost more than three minutes a run. Tests
    // keep no state in modules; each builds its own app, database and ports.
    isolate: false,
    // The longest files first, so the two workers end together (test-support/vitest/longest-first.ts).
    sequence: { sequencer: LongestFirst },
  },
});

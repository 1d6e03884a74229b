import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the fault suite in faults/ (crashes, database restarts, chat under
// cut connections, load). Each test drives real server processes for up to a minute or two,
// so it runs apart from `npm test`, one file at a time: the files would otherwise compete
// for the same two cores and measure each other.
export default defineConfig({
  test: {
    include: ['faults/**/*.fault.test.ts'],
    environment: 'node',
    setupFiles: ['test-support/vitest/fail-on-console-error.ts'],
    globalSetup: ['test-support/vitest/build-server.ts'],
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

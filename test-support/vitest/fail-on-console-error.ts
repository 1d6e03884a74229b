import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error is a bug somewhere; make the test that caused it fail.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (errors.length > 0) {
    throw new Error(`Unexpected console.error:\n${errors.map((e) => e.map(String).join(' ')).join('\n')}`);
  }
});

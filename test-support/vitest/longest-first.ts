import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files start first, so that two workers finish together. Without the results of
 * an earlier run (a clean clone in CI) Vitest starts the largest files first, and the route
 * matrix, a few lines that run thousands of calls, started last and ran alone for five minutes.
 * Longest first, as measured in CI; the rest keep Vitest's own order.
 */
const LONGEST = [
  '/security/input-properties.',
  '/src/server/ops/upgrade.',
  '/scripts/backup.',
  '/src/server/db/migrate.',
  '/src/server/features/partners/partner-import.',
  '/scripts/move-to-postgres.',
  '/security/access-matrix.',
  '/scripts/create-admin.',
  '/scripts/export.',
];

const rank = (file: TestSpecification) => {
  const at = LONGEST.findIndex((part) => file.moduleId.includes(part));
  return at === -1 ? LONGEST.length : at;
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array.prototype.sort is stable: files of one rank keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

import { describe } from 'vitest';
import { testDatabaseTargets } from '#test-support/test-database';
import { describeAccessMatrix } from './support/access-matrix.suite';

// PostgreSQL's half of the matrix, its own file so that it runs beside the embedded half.
const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');

describe.runIf(postgres)('the route matrix on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  // Never opened unless the suite runs, which needs the target.
  describeAccessMatrix(postgres ?? { name: 'postgres', open: () => Promise.reject(new Error('no TEST_DATABASE_URL')) });
});

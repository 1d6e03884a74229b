import { testDatabaseTargets } from '#test-support/test-database';
import { describeAccessMatrix } from './support/access-matrix.suite';

// The embedded database's half; access-matrix.postgres.int.test.ts runs PostgreSQL's beside it.
describeAccessMatrix(testDatabaseTargets().find((target) => target.name === 'pglite')!);

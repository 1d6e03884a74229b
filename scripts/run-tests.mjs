// `npm test`: unit and integration tests (Vitest), then browser tests (Playwright) against a
// fresh build, then one closing line with the totals of both.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

fs.mkdirSync('reports', { recursive: true });
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
for (const f of ['reports/unit.json', 'reports/e2e.json']) fs.rmSync(f, { force: true });

const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=reports/unit.json']);
const buildStatus = run('npx', ['vite', 'build', '--logLevel', 'warn']);
const e2eStatus = buildStatus === 0 ? run('npx', ['playwright', 'test']) : 1;

const unit = readJson('reports/unit.json');
const e2e = readJson('reports/e2e.json');
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0);
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0);
// Suites that need PostgreSQL (several server processes on one database, a move into it) say
// so in their title and are skipped without TEST_DATABASE_URL: on a fresh machine `npm test`
// runs everything else and names what it could not run. With the variable set, any skip fails.
const NEEDS_POSTGRES = '(needs TEST_DATABASE_URL';
const unitSkips = (unit?.testResults ?? [])
  .flatMap((file) => file.assertionResults ?? [])
  .filter((test) => test.status === 'skipped' || test.status === 'pending' || test.status === 'todo');
const postgresOnly = process.env.TEST_DATABASE_URL
  ? []
  : unitSkips.filter((test) => (test.ancestorTitles ?? []).some((title) => title.includes(NEEDS_POSTGRES)));
const skipped = unitSkips.length - postgresOnly.length + (e2e?.stats?.skipped ?? 0);

// Name what failed, and the first lines of why, in the closing lines too: a CI log that keeps
// only its tail still says which test failed and on what.
const firstLines = (message) =>
  (message ?? '')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 3)
    .map((line) => `\n    ${line.slice(0, 300)}`)
    .join('');
const unitFailures = (unit?.testResults ?? [])
  .flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map(
        (test) =>
          `${file.name.replace(`${process.cwd()}/`, '')} > ${test.fullName}${firstLines(test.failureMessages?.[0])}`,
      ),
  );
const e2eFailures = [];
const walkSuites = (suites) => {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const error = spec.tests?.flatMap((test) => test.results ?? []).find((result) => result.error)?.error;
      const at = error?.location ? ` (failed at line ${error.location.line})` : '';
      e2eFailures.push(`${spec.file}:${spec.line} > ${spec.title}${at}${firstLines(error?.message)}`);
    }
    walkSuites(suite.suites);
  }
};
walkSuites(e2e?.suites);
for (const name of [...unitFailures, ...e2eFailures]) process.stdout.write(`\nFAILED: ${name}`);

process.stdout.write(
  `\nUnit and integration: ${unit?.numPassedTests ?? 0} passed, ${unit?.numFailedTests ?? 0} failed` +
    ` (TEST_DATABASE_URL ${process.env.TEST_DATABASE_URL ? 'set: PGlite and PostgreSQL' : 'not set: PGlite only'})\n` +
    `Browser: ${e2e?.stats?.expected ?? 0} passed, ${(e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0)} failed\n`,
);
if (postgresOnly.length)
  process.stdout.write(
    `Not run: ${postgresOnly.length} PostgreSQL-only tests (set TEST_DATABASE_URL to a PostgreSQL database to run them)\n`,
  );
process.stdout.write(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
const ok = unitStatus === 0 && buildStatus === 0 && e2eStatus === 0 && failed === 0 && skipped === 0 && passed > 0;
process.exit(ok ? 0 : 1);

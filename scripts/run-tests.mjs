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
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);

process.stdout.write(
  `\nUnit and integration: ${unit?.numPassedTests ?? 0} passed, ${unit?.numFailedTests ?? 0} failed` +
    ` (TEST_DATABASE_URL ${process.env.TEST_DATABASE_URL ? 'set: PGlite and PostgreSQL' : 'not set: PGlite only'})\n` +
    `Browser: ${e2e?.stats?.expected ?? 0} passed, ${(e2e?.stats?.unexpected ?? 0) + (e2e?.stats?.flaky ?? 0)} failed\n`,
);
process.stdout.write(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
const ok = unitStatus === 0 && buildStatus === 0 && e2eStatus === 0 && failed === 0 && skipped === 0 && passed > 0;
process.exit(ok ? 0 : 1);

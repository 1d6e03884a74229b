import { sql } from 'drizzle-orm';
import type { MigrationMeta } from 'drizzle-orm/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseTargets, type OpenedTestDatabase } from '#test-support/test-database';
import { knownMigrations, migrationNames, runMigrations } from './migrate';
import { queryRows } from './query-rows';

// A fresh database, the whole schema, and a migration made slow on purpose.
const TIMEOUT_MS = 180_000;

/** The log lines a run wrote, as their messages. */
function collectingLog() {
  const lines: { details: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    log: { info: (details: object, message: string) => lines.push({ details: { ...details }, message }) },
  };
}

// Progress on long migrations (issue 25 item 3): each migration's start and end with "n of m" and
// its time, and a heartbeat while one statement runs long.
describe.each(testDatabaseTargets())('migration progress on $name', (target) => {
  let opened: OpenedTestDatabase | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  it(
    'logs every migration of a new database as n of m, each with its name and time',
    async () => {
      opened = await target.open();
      const { lines, log } = collectingLog();
      await runMigrations(opened.database, knownMigrations(), { log });
      const tags = [...migrationNames().values()];
      const total = knownMigrations().length;
      expect(lines[0]!.message).toBe(`migrations: applying ${total} in one transaction`);
      expect(lines.filter((l) => /^migration \d+ of \d+: applying /.test(l.message)).map((l) => l.message)).toEqual(
        tags.map((tag, i) => `migration ${i + 1} of ${total}: applying ${tag}`),
      );
      const applied = lines.filter((l) => / applied in /.test(l.message));
      expect(applied).toHaveLength(total);
      expect(applied[0]!.message).toMatch(
        new RegExp(`^migration 1 of ${total}: ${tags[0]} applied in \\d+(\\.\\d)? s$`),
      );
      expect(lines.at(-1)!.message).toMatch(new RegExp(`^migrations: ${total} applied and committed in `));

      // Nothing pending: nothing to say.
      const again = collectingLog();
      await runMigrations(opened.database, knownMigrations(), { log: again.log });
      expect(again.lines).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'says a long statement is still running, and how long it took, while the rows stay in the database',
    async () => {
      opened = await target.open();
      await runMigrations(opened.database);
      // A data rewrite as the rule in docs/deployment.md says: set-based SQL, no row brought into Node.
      // Node's timers run while the statement works: PostgreSQL waits in pg_sleep; the embedded
      // database counts on its own thread (decision 0134), about a second of work.
      const slow = [
        'CREATE TABLE "progress_probe" AS SELECT g AS n FROM generate_series(1, 1000) g',
        target.name === 'postgres' ? 'SELECT pg_sleep(2)' : 'SELECT count(*) FROM generate_series(1, 5000000)',
      ];
      const release: MigrationMeta[] = [
        ...knownMigrations(),
        {
          sql: [...slow, 'UPDATE "progress_probe" SET "n" = "n" + 1'],
          bps: true,
          folderMillis: Date.now() + 86_400_000,
          hash: 'a-slow-migration',
        },
      ];
      const names = new Map([[release.at(-1)!.folderMillis, '9999_slow_rewrite']]);
      const { lines, log } = collectingLog();
      await runMigrations(opened.database, release, { log, names, heartbeatMs: 250 });

      const messages = lines.map((l) => l.message);
      expect(messages).toContain('migration 1 of 1: applying 9999_slow_rewrite');
      expect(messages.some((m) => /^migration 1 of 1: 9999_slow_rewrite applied in /.test(m))).toBe(true);
      expect(messages.some((m) => /^migration 1 of 1: statement \d of \d of 9999_slow_rewrite took /.test(m))).toBe(
        true,
      );
      expect(
        messages.some((m) =>
          /^migration 1 of 1: still applying 9999_slow_rewrite \(statement 2 of 3\), \d+ s$/.test(m),
        ),
      ).toBe(true);
      const [count] = await queryRows<{ n: number }>(
        opened.database.db,
        sql`select count(*)::int as n from progress_probe`,
      );
      expect(count!.n).toBe(1000);
    },
    TIMEOUT_MS,
  );
});

import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeSecondHandle,
  openSecondHandle,
  testDatabaseTargets,
  silentLogger,
  type OpenedTestDatabase,
} from '#test-support/test-database';

// Spawns a whole server process (node, PGlite): seconds when idle, far more on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 120_000;
// A fresh PGlite plus the whole schema: well under the default when idle, not on a busy machine.
const MIGRATION_TEST_TIMEOUT_MS = 120_000;
import { tmpdir } from 'node:os';
import { startPortal } from '#test-support/portal-process';
import { openDatabase, type Db } from './client';
import { hashPassword, verifyPassword } from '../auth/password';
import { MIGRATIONS_FOLDER, runMigrations, runMigrationsUpTo, UnknownMigrationError } from './migrate';
import { queryRows } from './query-rows';
import { appSettings } from './schema';
import { givingRollupFromGifts, storedGivingRollup } from '#test-support/giving-rollup';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};

/** Every table the committed migrations create, read from the SQL itself. */
const expectedTables = fs
  .readdirSync(MIGRATIONS_FOLDER)
  .filter((f) => f.endsWith('.sql'))
  .flatMap((f) => [...fs.readFileSync(path.join(MIGRATIONS_FOLDER, f), 'utf8').matchAll(/CREATE TABLE "([^"]+)"/g)])
  .map((m) => m[1]!)
  .sort();

/** Both drivers answer raw SQL with `{ rows }`; the shared Db type cannot say so. */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function publicTables(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return rows.map((r) => r.table_name).sort();
}

async function appliedMigrations(db: Db): Promise<number> {
  const rows = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return rows[0]!.n;
}

describe.each(testDatabaseTargets())(
  'runMigrations on $name',
  (target) => {
    let opened: OpenedTestDatabase | undefined;
    afterEach(async () => {
      await opened?.dispose();
      opened = undefined;
    });

    it('creates the schema on an empty database', async () => {
      opened = await target.open();
      const { db } = opened.database;
      expect(await publicTables(db)).toEqual([]);
      await runMigrations(opened.database);
      expect(expectedTables.length).toBeGreaterThan(10);
      expect(await publicTables(db)).toEqual(expectedTables);
      expect(await appliedMigrations(db)).toBe(journal.entries.length);
    });

    it('keeps the pending lists of the GIN indexes people write to small (docs/decisions/0141)', async () => {
      opened = await target.open();
      await runMigrations(opened.database);
      const rows = await queryRows<{ name: string; options: string[] }>(
        opened.database.db,
        sql`select c.relname as name, c.reloptions as options from pg_class c join pg_am am on am.oid = c.relam
            where am.amname = 'gin' and c.relnamespace = 'public'::regnamespace order by c.relname`,
      );
      expect(rows).toEqual(
        [
          'donations_text_trgm_idx',
          'messages_search_idx',
          'partners_email_trgm_idx',
          'partners_location_trgm_idx',
          'partners_name_trgm_idx',
        ].map((name) => ({ name, options: ['gin_pending_list_limit=64'] })),
      );
    });

    it('indexes every foreign key whose rows are removed, so removing one probes instead of reading the table (decision 0146)', async () => {
      opened = await target.open();
      await runMigrations(opened.database);
      // A removed row makes the database find what refers to it: without an index leading with the
      // referring columns, one read of the whole referring table per row removed. The portal
      // deactivates accounts (decision 0104) and has no way to delete one: keys to "user" need none.
      const unindexed = await queryRows<{ key: string }>(
        opened.database.db,
        sql`select c.conrelid::regclass::text || '(' || (
                 select string_agg(a.attname, ', ' order by k.n) from unnest(c.conkey) with ordinality as k(attnum, n)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
               ) || ') -> ' || c.confrelid::regclass::text as key
            from pg_constraint c
            where c.contype = 'f' and c.connamespace = 'public'::regnamespace and c.confrelid <> '"user"'::regclass
              and not exists (
                select from pg_index i where i.indrelid = c.conrelid
                  and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
                  and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
              )
            order by 1`,
      );
      expect(unindexed).toEqual([]);
    });

    it('is safe to run again: the second run changes nothing and keeps the data', async () => {
      opened = await target.open();
      const { db } = opened.database;
      await runMigrations(opened.database);
      await db.insert(appSettings).values({ key: 'kept', value: 'across restarts' });

      await runMigrations(opened.database);

      expect(await publicTables(db)).toEqual(expectedTables);
      expect(await appliedMigrations(db)).toBe(journal.entries.length);
      expect(await db.select().from(appSettings)).toEqual([{ key: 'kept', value: 'across restarts' }]);
    });

    it('refuses a database that records a migration this code does not know, and changes nothing', async () => {
      opened = await target.open();
      const { db } = opened.database;
      await runMigrations(opened.database);
      const future = journal.entries.at(-1)!.when + 86_400_000;
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', ${future})`,
      );

      const refused = runMigrations(opened.database);
      await expect(refused).rejects.toThrow(UnknownMigrationError);
      await expect(refused).rejects.toThrow(
        `The database has 1 migration(s) that this version of the portal does not know (recorded at ${new Date(future).toISOString()}). ` +
          'It was upgraded by a newer release; migrations only move forward.',
      );
      expect(await appliedMigrations(db)).toBe(journal.entries.length + 1);
    });

    it("upgrades the first release's database (migration 0000 only) and keeps its rows", async () => {
      opened = await target.open();
      const { db } = opened.database;
      await runMigrationsUpTo(opened.database, 1);
      expect(await appliedMigrations(db)).toBe(1);
      // Rows written as the first release wrote them: plain SQL against its schema.
      const hash = await hashPassword('first-release-password');
      await db.execute(
        sql`insert into "user" (id, name, email, email_verified) values ('u1', 'Pastor', 'pastor@example.org', true)`,
      );
      await db.execute(
        sql`insert into account (id, account_id, provider_id, user_id, password) values ('a1', 'u1', 'credential', 'u1', ${hash})`,
      );
      await db.execute(sql`insert into user_roles (user_id, role) values ('u1', 'admin')`);
      await db.execute(
        sql`insert into partners (id, name, email, status) values ('00000000-0000-4000-8000-000000000001', 'Grace Fellowship', 'grace@example.org', 'active')`,
      );
      await db.execute(
        sql`insert into donations (partner_id, partner_name, amount, donation_type) values ('00000000-0000-4000-8000-000000000001', 'Grace Fellowship', 1234567.89, 'monthly')`,
      );
      await db.execute(
        sql`insert into messages (content, user_id, partner, chat_type) values ('Hello', 'u1', 'All Coordinators', 'coordinator')`,
      );

      await runMigrations(opened.database);

      expect(await appliedMigrations(db)).toBe(journal.entries.length);
      expect(await publicTables(db)).toEqual(expectedTables);
      const [kept] = await rowsOf<{
        email: string;
        password: string;
        role: string;
        partner: string;
        amount: string;
        content: string;
      }>(
        db,
        sql`select u.email, a.password, r.role, p.name as partner, d.amount::text as amount, m.content
          from "user" u join account a on a.user_id = u.id join user_roles r on r.user_id = u.id
          cross join partners p join donations d on d.partner_id = p.id cross join messages m`,
      );
      expect(kept).toMatchObject({
        email: 'pastor@example.org',
        role: 'admin',
        partner: 'Grace Fellowship',
        amount: '1234567.89',
        content: 'Hello',
      });
      expect(await verifyPassword({ hash: kept!.password, password: 'first-release-password' })).toBe(true);
      // A new message continues the old sequence.
      const [next] = await rowsOf<{ id: string }>(
        db,
        sql`insert into messages (content, partner, chat_type) values ('Again', 'All Coordinators', 'coordinator') returning id`,
      );
      expect(Number(next!.id)).toBe(2);
    });

    it('fills the giving rollup from the gifts of a database upgraded from before it (docs/decisions/0059)', async () => {
      opened = await target.open();
      const { db } = opened.database;
      const rollupMigration = journal.entries.findIndex((e) => e.tag.endsWith('_giving_rollup'));
      expect(rollupMigration).toBeGreaterThan(0);
      await runMigrationsUpTo(opened.database, rollupMigration);
      await db.execute(
        sql`insert into donations (partner_name, amount, donation_type, donation_date) values
          ('Before a boundary', 10.10, 'one-time', '2025-03-01 04:59:59.999999+00'),
          ('Same quarter hour', 20.20, 'monthly', '2025-03-01 04:45:00+00'),
          ('On a boundary', 0.01, 'one-time', '2025-03-01 05:00:00+00')`,
      );

      await runMigrations(opened.database);

      expect(await storedGivingRollup(db)).toEqual({
        slots: [
          { start: '2025-03-01T04:45:00.000Z', cents: 3030n, gifts: 2 },
          { start: '2025-03-01T05:00:00.000Z', cents: 1n, gifts: 1 },
        ],
        days: [{ start: '2025-03-01T00:00:00.000Z', cents: 3031n, gifts: 3 }],
      });
      // And the triggers keep it from then on.
      await db.execute(
        sql`insert into donations (partner_name, amount, donation_type, donation_date) values ('After', 5, 'one-time', '2025-03-01 05:14:00+00')`,
      );
      expect(await storedGivingRollup(db)).toEqual(await givingRollupFromGifts(db));
    });

    // Several server instances may start at once only on PostgreSQL (PGlite is single-process,
    // and one process migrates once), so the advisory lock is exercised there.
    if (target.name === 'postgres') {
      it('applies each migration once when several instances start together on an empty database', async () => {
        opened = await target.open();
        const others = await Promise.all([1, 2, 3].map(() => openSecondHandle(opened!)));
        try {
          await Promise.all([opened.database, ...others].map((database) => runMigrations(database)));
          const applied = await rowsOf<{ created_at: string }>(
            opened.database.db,
            sql`select created_at from drizzle.__drizzle_migrations order by id`,
          );
          expect(applied.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
        } finally {
          for (const other of others) await closeSecondHandle(opened, other);
        }
      });

      it('lets two instances starting together both migrate', async () => {
        opened = await target.open();
        const second = await openSecondHandle(opened);
        try {
          await Promise.all([runMigrations(opened.database), runMigrations(second)]);
          expect(await publicTables(opened.database.db)).toEqual(expectedTables);
          expect(await appliedMigrations(opened.database.db)).toBe(journal.entries.length);
        } finally {
          await closeSecondHandle(opened, second);
        }
      });
    }
  },
  MIGRATION_TEST_TIMEOUT_MS,
);

describe('migrations only move forward', () => {
  it('ships no down-migrations: every SQL file in the folder is a step of the journal', () => {
    const files = fs
      .readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(files).toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
    expect(files.filter((f) => /down|rollback|revert/i.test(f))).toEqual([]);
    // Journal times only grow: drizzle applies whatever is newer than the last applied step.
    const times = journal.entries.map((e) => e.when);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it(
    'the server refuses to start on a database migrated by a newer release, saying why',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(tmpdir(), 'portal-forward-'));
      try {
        const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }, silentLogger);
        try {
          await runMigrations(database);
          const future = journal.entries.at(-1)!.when + 86_400_000;
          await database.db.execute(
            sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('newer', ${future})`,
          );
        } finally {
          await database.close();
        }
        const portal = startPortal({ DATA_DIR: dataDir });
        expect(await portal.exited).toBe(1);
        expect(portal.output()).toContain('that this version of the portal does not know');
        expect(portal.output()).toContain('migrations only move forward');
        expect(portal.output()).not.toContain('portal is listening');
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, runMigrations, runMigrationsUpTo } from '#server/db/migrate';
import { testDatabaseTargets, type OpenedTestDatabase } from '#test-support/test-database';

const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

// A fresh database and the whole schema twice over: well under this when idle, not on a busy machine.
const MIGRATION_TEST_TIMEOUT_MS = 120_000;

// Migration 0021 (issue 20): a last contact typed by hand becomes the partner's first log entry.
describe.each(testDatabaseTargets())('the contact log migration on $name', (target) => {
  let opened: OpenedTestDatabase | undefined;
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });

  it(
    'keeps each typed last contact as a first note by nobody, and the trigger keeps it from then on',
    async () => {
      opened = await target.open();
      const { db } = opened.database;
      const index = journal.entries.findIndex((e) => e.tag.endsWith('_partner_relationships'));
      expect(index).toBeGreaterThan(0);
      await runMigrationsUpTo(opened.database, index);
      await db.execute(
        sql`insert into partners (id, name, email, last_contact) values
        ('00000000-0000-4000-8000-000000000001', 'Typed', 'typed@example.org', '2024-06-30'),
        ('00000000-0000-4000-8000-000000000002', 'Never', 'never@example.org', null)`,
      );

      await runMigrations(opened.database);

      const rows = (
        (await db.execute(
          sql`select partner_id, kind, contact_date::text as contact_date, body, created_by from partner_contacts`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
      expect(rows).toEqual([
        {
          partner_id: '00000000-0000-4000-8000-000000000001',
          kind: 'note',
          contact_date: '2024-06-30',
          body: 'Last contact, as recorded before the contact log',
          created_by: null,
        },
      ]);
      const lastContacts = async () =>
        (
          (await db.execute(
            sql`select name, last_contact::text as last_contact from partners order by name`,
          )) as unknown as {
            rows: { name: string; last_contact: string | null }[];
          }
        ).rows;
      expect(await lastContacts()).toEqual([
        { name: 'Never', last_contact: null },
        { name: 'Typed', last_contact: '2024-06-30' },
      ]);
      await db.execute(
        sql`insert into partner_contacts (partner_id, kind, contact_date, body) values ('00000000-0000-4000-8000-000000000002', 'call', '2025-01-02', 'First call')`,
      );
      await db.execute(sql`delete from partner_contacts where partner_id = '00000000-0000-4000-8000-000000000001'`);
      expect(await lastContacts()).toEqual([
        { name: 'Never', last_contact: '2025-01-02' },
        { name: 'Typed', last_contact: null },
      ]);
    },
    MIGRATION_TEST_TIMEOUT_MS,
  );
});

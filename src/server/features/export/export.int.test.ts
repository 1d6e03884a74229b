import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#server/db/query-rows';
import {
  account,
  activity,
  appSettings,
  calendarFeeds,
  coordinatorPermissions,
  donations,
  eventCancellations,
  events,
  formRecipients,
  forms,
  importBatches,
  jobs,
  messages,
  partnerContacts,
  partnerMerges,
  partners,
  partnerTagLinks,
  partnerTags,
  session,
  twoFactor,
} from '#server/db/schema';
import { seedDemoData } from '#server/demo/seed';
import { hourlyJobs } from '#server/feature-wiring';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { unzip } from '#test-support/zip';
import { EXPORT_PRUNE_JOB, type ExportResult } from '#shared/schemas/export';
import { csvCell } from './archive';
import { EXPORT_ENTITIES, type ExportColumn } from './entities';
import { countRows } from './pages';
import { pruneExports } from './jobs';

const DAY = 24 * 60 * 60 * 1000;
// The demo data, the job and reading every table back: seconds alone, far more on a busy machine.
const TIMEOUT_MS = 180_000;

/** What csv-stringify's escape_formulas does to a cell, which the README tells the reader. */
const csvText = (value: unknown) => {
  const text = csvCell(value);
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text;
};

/** The same instant whatever the notation (the database's JSON keeps an offset, the export a Z). */
function sameValue(column: ExportColumn, exported: unknown, stored: unknown): boolean {
  if (exported === null || stored === null) return exported === stored;
  if (column.type === 'timestamp') {
    // Compared to the microsecond: the export keeps all six digits.
    const micros = (v: string) => v.match(/\.(\d+)/)?.[1]?.padEnd(6, '0') ?? '000000';
    return (
      Date.parse(String(exported)) === Date.parse(String(stored)) && micros(String(exported)) === micros(String(stored))
    );
  }
  if (column.type === 'json') return JSON.stringify(exported) === JSON.stringify(stored);
  // The database's own JSON drops a decimal's trailing zeros (125.00 is 125): compared as numbers here,
  // the exact text is checked on a gift below.
  if (column.type === 'decimal') return Number(exported) === Number(stored);
  if (column.type === 'date') return String(exported) === String(stored);
  return exported === stored;
}

// The complete export (issue 25 item 4): the demo data and one of everything, read back whole.
describe.each(testDatabaseTargets())('the complete export on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let otherAdmin: string;
  let manager: string;
  let entries: Map<string, Buffer>;
  let result: ExportResult;
  let jobId: string;
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    await seedDemoData(t.db, new Date(), t.deps.storage);
    await t.createUser({ email: 'exporter@example.org', password: 'exporter-secret', role: 'admin' });
    await t.createUser({ email: 'second@example.org', password: 'second-secret', role: 'admin' });
    const withUsers = await t.createUser({
      email: 'manager@example.org',
      password: 'manager-secret',
      role: 'coordinator',
    });
    await t.db
      .insert(coordinatorPermissions)
      .values({ userId: withUsers.id, feature: 'user_management', enabled: true });
    admin = await t.signIn('exporter@example.org', 'exporter-secret');
    otherAdmin = await t.signIn('second@example.org', 'second-secret');
    manager = await t.signIn('manager@example.org', 'manager-secret');

    // One of everything the demo may not have: a tag, a contact, a voided gift, a cancelled
    // occurrence, an edited and a deleted message, a two-factor secret, a text a spreadsheet
    // would take for a formula.
    const [partner] = await t.db
      .insert(partners)
      .values({ name: 'Formula Friend', email: 'formula@example.org', notes: '=HYPERLINK("http://x","y")' })
      .returning();
    const [tag] = await t.db.insert(partnerTags).values({ name: 'Export check tag', colour: 'blue' }).returning();
    await t.db.insert(partnerTagLinks).values({ tagId: tag!.id, partnerId: partner!.id });
    await t.db
      .insert(partnerContacts)
      .values({ partnerId: partner!.id, kind: 'call', contactDate: '2026-01-05', body: 'Called, "all well"' });
    await t.db.insert(donations).values({
      partnerId: partner!.id,
      partnerName: 'Formula Friend',
      amount: '123456789.01',
      donationType: 'one-time',
      donationDate: new Date('2025-12-31T23:59:59.123Z'),
      voidedAt: new Date('2026-01-02T00:00:00Z'),
      voidReason: 'Recorded twice',
    });
    await t.db
      .insert(partnerMerges)
      .values({ survivorId: partner!.id, mergedId: randomUUID(), mergedName: 'Old Friend' });
    await t.db.insert(importBatches).values({ kind: 'gifts', source: 'Bank', fileName: 'bank.csv', rows: 0 });
    const saved = await t.sendJson(
      'PUT',
      '/api/organization',
      { name: 'Grace Ministry', address: '12 Hope Street', statementText: 'Thank you.', currency: 'USD' },
      { cookie: admin },
    );
    expect(saved.status).toBe(200);
    const [series] = await t.db
      .insert(events)
      .values({
        title: 'Weekly prayer',
        startDate: new Date('2026-01-06T19:00:00Z'),
        endDate: new Date('2026-01-06T20:00:00Z'),
        recurrence: 'FREQ=WEEKLY;COUNT=4',
        seriesEnd: new Date('2026-01-27T20:00:00Z'),
      })
      .returning();
    await t.db
      .insert(eventCancellations)
      .values({ eventId: series!.id, occurrenceStart: new Date('2026-01-13T19:00:00Z') });
    const [message] = await t.db.select().from(messages).limit(1);
    await t.db
      .update(messages)
      .set({ content: 'Edited text', editedAt: new Date() })
      .where(eq(messages.id, message!.id));
    const [user] = await t.db.select().from(account).limit(1);
    await t.db.insert(twoFactor).values({
      id: 'tf-1',
      userId: user!.userId,
      secret: 'TWO-FACTOR-SECRET-VALUE',
      backupCodes: 'BACKUP-CODES-VALUE',
    });
    // What must never leave: password hashes, sessions, tokens, the installation's secret.
    secrets.push('TWO-FACTOR-SECRET-VALUE', 'BACKUP-CODES-VALUE');
    for (const row of await t.db.select().from(account)) if (row.password) secrets.push(row.password);
    for (const row of await t.db.select().from(session)) secrets.push(row.token);
    for (const row of await t.db.select().from(forms)) secrets.push(row.publicToken);
    for (const row of await t.db.select().from(formRecipients)) secrets.push(row.token);
    for (const row of await t.db.select().from(calendarFeeds)) secrets.push(row.token);
    const [authSecret] = await t.db.select().from(appSettings).where(eq(appSettings.key, 'auth_secret'));
    secrets.push(authSecret!.value);
  }, TIMEOUT_MS);

  afterAll(async () => {
    await t?.close();
  });

  it(
    'is for admins only, runs as a job with progress, is recorded, and downloads for its requester alone',
    async () => {
      expect((await t.request('/api/export', { method: 'POST' })).status).toBe(401);
      expect((await t.request('/api/export', { method: 'POST', headers: { cookie: manager } })).status).toBe(403);
      expect(await t.db.select().from(jobs).where(eq(jobs.kind, 'export.full'))).toEqual([]);

      const queued = await t.request('/api/export', { method: 'POST', headers: { cookie: admin } });
      expect(queued.status).toBe(201);
      jobId = ((await queued.json()) as { job: { id: string } }).job.id;
      const download = (cookie: string) => t.request(`/api/export/${jobId}/download`, { headers: { cookie } });
      expect((await download(admin)).status).toBe(404);

      expect(await t.deps.jobs.runDue()).toBe(1);
      const [done] = await t.db.select().from(jobs).where(eq(jobs.id, jobId));
      expect(done!.status).toBe('succeeded');
      expect(done!.progressTotal).toBeGreaterThan(100);
      expect(done!.progressDone).toBe(done!.progressTotal);
      result = done!.result as ExportResult;
      expect(result.fileName).toMatch(/^portal-export-\d{4}-\d{2}-\d{2}\.zip$/);

      const latest = await t.request('/api/export/latest', { headers: { cookie: admin } });
      expect(((await latest.json()) as { job: { id: string } }).job.id).toBe(jobId);
      expect(
        (await (await t.request('/api/export/latest', { headers: { cookie: otherAdmin } })).json()) as unknown,
      ).toEqual({ job: null });

      // Another admin cannot take someone else's export; a coordinator is refused outright.
      expect((await download(otherAdmin)).status).toBe(404);
      expect((await download(manager)).status).toBe(403);
      const archive = await download(admin);
      expect(archive.status).toBe(200);
      expect(archive.headers.get('content-type')).toBe('application/zip');
      expect(archive.headers.get('content-disposition')).toContain(result.fileName);
      entries = new Map((await unzip(Buffer.from(await archive.arrayBuffer()))).map((e) => [e.name, e.data]));

      const recorded = await t.db
        .select({ action: activity.action, subjectId: activity.subjectId })
        .from(activity)
        .where(sql`${activity.action} like 'export.%'`)
        .orderBy(activity.id);
      expect(recorded).toEqual([
        { action: 'export.requested', subjectId: jobId },
        { action: 'export.downloaded', subjectId: jobId },
      ]);
    },
    TIMEOUT_MS,
  );

  it(
    'holds every entity as JSON and CSV that match the database row for row, and a README naming every column',
    async () => {
      const readme = entries.get('README.md')!.toString('utf8');
      const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as {
        entities: { name: string; rows: number }[];
        files: number;
      };
      expect(manifest.entities.map((e) => e.name)).toEqual(EXPORT_ENTITIES.map((e) => e.name));
      for (const entity of EXPORT_ENTITIES) {
        expect(readme).toContain(`### ${entity.name}`);
        for (const column of entity.columns) expect(readme).toContain(`| ${column.name} |`);

        const json = JSON.parse(entries.get(`data/${entity.name}.json`)!.toString('utf8')) as Record<string, unknown>[];
        const csv = parse(entries.get(`data/${entity.name}.csv`)!, { bom: true }) as string[][];
        const names = entity.columns.map((c) => c.name);
        expect(csv[0], entity.name).toEqual(names);
        // The database, read on its own terms: every row of the table, by key.
        const where = entity.where ? `where ${entity.where}` : '';
        const order = entity.key.map((k) => `t.${k}`).join(', ');
        const stored = (
          await queryRows<{ j: Record<string, unknown> }>(
            t.db,
            sql.raw(`select to_jsonb(t) as j from ${entity.table} t ${where} order by ${order}`),
          )
        )
          .map((r) => (typeof r.j === 'string' ? (JSON.parse(r.j) as Record<string, unknown>) : r.j))
          // The audit log goes on after the export (its download, refusals): compared up to the export's last entry.
          .filter((r) => entity.name !== 'audit_log' || Number(r.id) <= Number(json[json.length - 1]?.id));
        expect(json.length, entity.name).toBe(stored.length);
        expect(csv.length - 1, entity.name).toBe(stored.length);
        expect(manifest.entities.find((e) => e.name === entity.name)!.rows).toBe(stored.length);
        json.forEach((row, i) => {
          expect(Object.keys(row), entity.name).toEqual(names);
          for (const column of entity.columns) {
            // Columns of the table itself are compared with it; derived ones are checked below.
            if (!column.expr) {
              expect(
                sameValue(column, row[column.name], stored[i]![column.name]),
                `${entity.name}.${column.name}: ${JSON.stringify(row[column.name])} vs ${JSON.stringify(stored[i]![column.name])}`,
              ).toBe(true);
            }
          }
          expect(csv[i + 1], entity.name).toEqual(names.map((n) => csvText(row[n])));
        });
      }
      expect(manifest.entities.every((e) => e.rows > 0)).toBe(true);

      const data = (name: string) =>
        JSON.parse(entries.get(`data/${name}.json`)!.toString('utf8')) as Record<string, unknown>[];
      const friend = data('partners').find((p) => p.name === 'Formula Friend')!;
      expect(friend.tags).toBe('Export check tag');
      expect(friend.notes).toBe('=HYPERLINK("http://x","y")');
      const voided = data('gifts').find((g) => g.amount === '123456789.01')!;
      expect(voided).toMatchObject({
        voided: true,
        void_reason: 'Recorded twice',
        donation_date: '2025-12-31T23:59:59.123000Z',
      });
      expect(data('users').find((u) => u.email === 'exporter@example.org')!.role).toBe('admin');
      expect(data('users').find((u) => u.email === 'manager@example.org')!.role).toBe('coordinator');
      expect(data('chat_messages').some((m) => m.content === 'Edited text' && m.edited_at)).toBe(true);
      expect(data('organization_settings').map((s) => s.key)).not.toContain('auth_secret');
      expect(data('audit_log').some((a) => a.action === 'export.requested' && a.subject_id === jobId)).toBe(true);
    },
    TIMEOUT_MS,
  );

  it(
    'holds each stored file byte for byte under its folder, and no secret anywhere',
    async () => {
      const files = JSON.parse(entries.get('data/files.json')!.toString('utf8')) as Record<string, unknown>[];
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        expect(file.archive_path, String(file.name)).toMatch(/^files\//);
        const stored = await t.deps.storage.get(`files/${String(file.id)}`);
        const chunks: Buffer[] = [];
        for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
        expect(entries.get(String(file.archive_path))!.equals(Buffer.concat(chunks)), String(file.name)).toBe(true);
        expect(String(file.archive_path)).toBe(`files${String(file.folder_path)}${String(file.name)}`);
      }
      const contents = [...entries.keys()].filter((name) => name.startsWith('files/') && !name.endsWith('/'));
      expect(contents).toHaveLength(files.length);
      for (const folder of JSON.parse(entries.get('data/folders.json')!.toString('utf8')) as {
        folder_path: string;
      }[]) {
        expect(entries.has(`files${folder.folder_path}`)).toBe(true);
      }

      for (const [name, bytes] of entries) {
        const text = bytes.toString('utf8');
        for (const secret of secrets) expect(text.includes(secret), `${name} holds a secret`).toBe(false);
      }
      const headers = EXPORT_ENTITIES.flatMap((e) => e.columns.map((c) => c.name));
      // must_change_password is a yes/no flag, not a password.
      expect(headers.filter((h) => /password|secret|token|backup_codes/.test(h))).toEqual(['must_change_password']);
    },
    TIMEOUT_MS,
  );

  it(
    'is removed a week on by the hourly clean-up, after which its download says so',
    async () => {
      const now = new Date();
      expect(await pruneExports(t.deps.storage, t.db, new Date(now.getTime() + 6 * DAY))).toBe(0);
      expect(await pruneExports(t.deps.storage, t.db, new Date(now.getTime() + 8 * DAY))).toBe(1);
      const gone = await t.request(`/api/export/${jobId}/download`, { headers: { cookie: admin } });
      expect(gone.status).toBe(404);
      expect(await gone.json()).toEqual({ error: 'This export is not ready, or no longer exists' });
      expect(hourlyJobs).toContain(EXPORT_PRUNE_JOB);
    },
    TIMEOUT_MS,
  );

  it(
    'counts each table a chunk at a time, in key order, as one count would (decision 0141)',
    async () => {
      for (const entity of EXPORT_ENTITIES) {
        const where = entity.where ? ` where ${entity.where}` : '';
        const [whole] = await queryRows<{ n: number }>(
          t.db,
          sql.raw(`select count(*)::int as n from ${entity.table} t${where}`),
        );
        // Chunks of one, of two, and of more than the table: every boundary case of the walk.
        for (const chunk of [1, 2, 1_000_000]) {
          expect({ entity: entity.name, chunk, n: await countRows(t.db, entity, chunk) }).toEqual({
            entity: entity.name,
            chunk,
            n: whole!.n,
          });
        }
      }
    },
    TIMEOUT_MS,
  );
});

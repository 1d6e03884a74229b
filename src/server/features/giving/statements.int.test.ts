import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, coordinatorPermissions, donations, jobs, partners } from '#server/db/schema';
import { pdfText } from '#test-support/pdf-text';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { unzip } from '#test-support/zip';
import { hourlyJobs } from '#server/feature-wiring';
import { STATEMENT_ARCHIVE_PRUNE_JOB } from '#shared/schemas/giving-statements';
import { pruneStatementArchives } from './statement-jobs';

const DAY = 24 * 60 * 60 * 1000;

const YEAR = 2025;

// Year-end statements (issue 19 item 4): one partner's PDF read back, and a year's archive.
describe.each(testDatabaseTargets())('year-end statements on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let coordinator: string;
  let treasurer: string;
  let ana: string;
  let ben: string;
  let quiet: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    const withGiving = await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: withGiving.id, feature: 'giving', enabled: true });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    treasurer = await t.signIn('treasurer@example.org', 'treasurer-secret');
    const saved = await t.sendJson(
      'PUT',
      '/api/organization',
      {
        name: 'Grace Ministry',
        address: '12 Hope Street\nSpringfield',
        statementText: 'Thank you for your faithful giving.\n\nNo goods or services were provided.',
        currency: 'USD',
      },
      { cookie: admin },
    );
    expect(saved.status).toBe(200);
    const rows = await t.db
      .insert(partners)
      .values([
        { name: 'Ana López', email: 'ana@example.org', location: 'Austin, TX' },
        { name: 'Ben Okafor', email: '' },
        { name: 'Quiet Partner', email: 'quiet@example.org' },
      ])
      .returning({ id: partners.id, name: partners.name });
    [ana, ben, quiet] = rows.map((r) => r.id) as [string, string, string];
    const gift = (partnerId: string, partnerName: string, amount: string, date: string, extra = {}) => ({
      partnerId,
      partnerName,
      amount,
      donationType: 'one-time' as const,
      donationDate: new Date(date),
      ...extra,
    });
    await t.db.insert(donations).values([
      gift(ana, 'Ana López', '100.25', '2025-03-10T15:00:00Z', { method: 'check', reference: 'CHK-1001' }),
      gift(ana, 'Ana López', '1234.50', '2025-11-02T15:00:00Z', { donationType: 'monthly', method: 'online' }),
      // Voided: left out of the statement and its total.
      gift(ana, 'Ana López', '777.77', '2025-06-01T15:00:00Z', {
        voidedAt: new Date(),
        voidReason: 'Recorded twice',
        reference: 'VOIDED-REF',
      }),
      // Other years: 23:30 on 31 December 2024 in UTC is already 2025 in Tokyo (and not in UTC).
      gift(ana, 'Ana López', '55.00', '2024-12-31T23:30:00Z', { reference: 'EDGE-REF' }),
      gift(ana, 'Ana López', '9.99', '2026-01-05T15:00:00Z'),
      gift(ben, 'Ben Okafor', '20.00', '2025-05-05T12:00:00Z', { method: 'cash' }),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const statement = (partnerId: string, query: string, cookie?: string) =>
    t.request(`/api/giving/statements/${partnerId}?${query}`, { headers: cookie ? { cookie } : {} });
  const pdfOf = async (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    return pdfText(new Uint8Array(await response.arrayBuffer()));
  };

  it("draws the partner's statement: ministry, partner, text, the year's gifts that count and the total", async () => {
    const response = await statement(ana, `year=${YEAR}`, admin);
    expect(response.headers.get('content-disposition')).toContain('filename="statement-2025-ana-lopez.pdf"');
    const text = await pdfOf(response);
    expect(text).toContain('Grace Ministry');
    expect(text).toContain('12 Hope Street');
    expect(text).toContain('Giving statement for 2025');
    expect(text).toContain('Ana López');
    expect(text).toContain('Austin, TX');
    expect(text).toContain('Thank you for your faithful giving.');
    expect(text).toContain('Mar 10, 2025 $100.25 One-time Check CHK-1001');
    expect(text).toContain('Nov 02, 2025 $1,234.50 Monthly Online');
    expect(text).toContain('Total for 2025 (2 gifts): $1,334.75');
    for (const absent of ['777.77', 'VOIDED-REF', 'EDGE-REF', '9.99']) expect(text).not.toContain(absent);
    // A donor's record leaving the portal is recorded, with who and which year.
    const [entry] = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.action, 'statement.downloaded'), eq(activity.subjectId, ana)));
    expect(entry).toMatchObject({ subjectType: 'partner', after: { year: YEAR } });
    expect(entry!.actorId).not.toBeNull();
  });

  it("takes the calendar year in the zone it is given, in the organization's currency", async () => {
    await t.sendJson(
      'PUT',
      '/api/organization',
      { name: 'Grace Ministry', address: '', statementText: '', currency: 'EUR' },
      { cookie: admin },
    );
    try {
      const text = await pdfOf(await statement(ana, `year=${YEAR}&tz=Asia%2FTokyo`, treasurer));
      expect(text).toContain('Jan 01, 2025 €55.00 One-time EDGE-REF');
      expect(text).toContain('Total for 2025 (3 gifts): €1,389.75');
    } finally {
      await t.sendJson(
        'PUT',
        '/api/organization',
        { name: 'Grace Ministry', address: '12 Hope Street', statementText: 'Thanks.', currency: 'USD' },
        { cookie: admin },
      );
    }
  });

  it('says so when the partner gave nothing that year', async () => {
    const text = await pdfOf(await statement(quiet, `year=${YEAR}`, admin));
    expect(text).toContain('Quiet Partner');
    expect(text).toContain('No gifts were recorded for 2025.');
    expect(text).not.toContain('Total');
  });

  it('refuses an unknown partner (404), a bad year or zone (400), and callers without Giving Records', async () => {
    const unknown = await statement('00000000-0000-4000-8000-000000000000', `year=${YEAR}`, admin);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Partner not found' });
    const nextYear = new Date().getUTCFullYear() + 1;
    for (const query of ['year=1899', `year=${nextYear}`, 'year=abc', '', `year=${YEAR}&tz=Mars%2FOlympus`]) {
      const response = await statement(ana, query, admin);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/year|time zone/i);
    }
    expect((await statement(ana, `year=${YEAR}`, coordinator)).status).toBe(403);
    expect((await statement(ana, `year=${YEAR}`)).status).toBe(401);
  });

  it('counts the partners who gave and those of them with an email address', async () => {
    const response = await t.request(`/api/giving/statements/recipients?year=${YEAR}`, { headers: { cookie: admin } });
    expect(await response.json()).toEqual({ partners: 2, withEmail: 1, emailEnabled: false });
  });

  it("builds a year's archive in a job, with progress, and serves it to holders of Giving Records", async () => {
    expect((await t.postJson('/api/giving/statements/batches', { year: YEAR }, { cookie: coordinator })).status).toBe(
      403,
    );
    expect((await t.postJson('/api/giving/statements/batches', { year: 1800 }, { cookie: admin })).status).toBe(400);
    expect(await t.db.select().from(jobs)).toEqual([]);

    const queued = await t.postJson('/api/giving/statements/batches', { year: YEAR, tz: 'UTC' }, { cookie: admin });
    expect(queued.status).toBe(201);
    const { job } = (await queued.json()) as { job: { id: string; status: string } };
    expect(job.status).toBe('queued');
    const download = () =>
      t.request(`/api/giving/statements/batches/${job.id}/download`, { headers: { cookie: treasurer } });
    // Not built yet: nothing to download.
    expect((await download()).status).toBe(404);
    const [recorded] = await t.db.select().from(activity).where(eq(activity.action, 'statements.archive_requested'));
    expect(recorded!.subjectId).toBe(job.id);

    expect(await t.deps.jobs.runDue()).toBe(1);
    const finished = await t.request(`/api/jobs/${job.id}`, { headers: { cookie: admin } });
    expect(((await finished.json()) as { job: unknown }).job).toMatchObject({
      status: 'succeeded',
      progressDone: 2,
      progressTotal: 2,
      result: { year: YEAR, statements: 2 },
    });

    const archive = await download();
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    expect(archive.headers.get('content-disposition')).toContain('statements-2025.zip');
    const entries = await unzip(Buffer.from(await archive.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(['statement-2025-ana-lopez.pdf', 'statement-2025-ben-okafor.pdf']);
    const ben = await pdfText(new Uint8Array(entries[1]!.data));
    expect(ben).toContain('Ben Okafor');
    expect(ben).toContain('May 05, 2025 $20.00 One-time Cash');
    expect(ben).toContain('Total for 2025 (1 gift): $20.00');
    // The refused download before the archive existed recorded nothing; this one is recorded.
    const downloads = await t.db.select().from(activity).where(eq(activity.action, 'statements.archive_downloaded'));
    expect(downloads.map((d) => [d.subjectId, d.after])).toEqual([[job.id, { year: YEAR }]]);

    expect(
      (await t.request(`/api/giving/statements/batches/${job.id}/download`, { headers: { cookie: coordinator } }))
        .status,
    ).toBe(403);
    expect((await t.request(`/api/giving/statements/batches/${job.id}/download`)).status).toBe(401);

    // A week on, the hourly clean-up removes the archive; its download says so, and nothing is looked for twice.
    const objects = async () => {
      const keys: string[] = [];
      for await (const object of t.deps.storage.list('statement-archives')) keys.push(object.key);
      return keys;
    };
    expect(await objects()).toHaveLength(1);
    const now = new Date();
    expect(await pruneStatementArchives(t.deps.storage, t.db, new Date(now.getTime() + 6 * DAY))).toBe(0);
    expect((await download()).status).toBe(200);
    expect(await pruneStatementArchives(t.deps.storage, t.db, new Date(now.getTime() + 8 * DAY))).toBe(1);
    expect(await objects()).toEqual([]);
    const gone = await download();
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: 'These statements are not ready, or no longer exist' });
    expect(await pruneStatementArchives(t.deps.storage, t.db, new Date(now.getTime() + 9 * DAY))).toBe(0);
    // The job itself, and what it reported, stay.
    const [kept] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(kept!.result).toMatchObject({ year: YEAR, statements: 2, archiveRemoved: true });

    // The clean-up is a job of its own, queued hourly (deps.ts through feature-wiring's hourlyJobs).
    expect(hourlyJobs).toContain(STATEMENT_ARCHIVE_PRUNE_JOB);
    expect(await t.deps.jobs.enqueueOnce(STATEMENT_ARCHIVE_PRUNE_JOB)).toBe(true);
    expect(await t.deps.jobs.runDue()).toBe(1);
  });
});

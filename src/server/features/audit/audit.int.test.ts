import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import { activity, activityChainStart, appSettings, coordinatorPermissions } from '#server/db/schema';
import { verifyAuditChain } from '#server/ops/audit-verify';
import { recordChange } from '#server/service/changes';
import { AUDIT_PAGE_SIZE } from '#shared/schemas/audit';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import { pruneAudit } from './service';

interface Page {
  entries: {
    id: number;
    at: string;
    action: string;
    subjectType: string;
    subjectId: string;
    subjectLabel: string | null;
    actorId: string | null;
    actor: { id: string; name: string; email: string | null } | null;
    clientIp: string | null;
    before: unknown;
    after: unknown;
  }[];
  nextCursor: string | null;
}

/**
 * The audit log screen's API (issue 17, decision 0103) on both databases: newest first with
 * who did it, filters, keyset paging that neither skips nor repeats entries written in the
 * same instant, the CSV export (itself logged), sign-ins, logged refusals, and retention that
 * removes only a prefix of the chain, which still verifies.
 */
describe.each(testDatabaseTargets())('the audit log screen on $name', (target) => {
  let t: TestApp;
  let admin: TestUser & { cookie: string };
  let manager: TestUser & { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(target);
    const created = await t.createUser({
      email: 'ada@example.org',
      password: 'long-secret',
      fullName: 'Ada Admin',
      role: 'admin',
    });
    admin = { ...created, cookie: await t.signIn('ada@example.org', 'long-secret') };
    const m = await t.createUser({ email: 'max@example.org', password: 'long-secret', fullName: 'Max Manager' });
    await t.db.insert(coordinatorPermissions).values({ userId: m.id, feature: 'user_management', enabled: true });
    manager = { ...m, cookie: await t.signIn('max@example.org', 'long-secret') };
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async (query: string, cookie = admin.cookie) => t.request(`/api/audit${query}`, { headers: { cookie } });
  const page = async (query = '') => {
    const response = await get(query);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Page;
  };
  /** `count` entries in one transaction: they share one `at`, so only the id orders them. */
  const recordMany = (count: number, action = 'test.bulk', actorId: string | null = admin.id) =>
    t.db.transaction(async (tx) => {
      for (let n = 0; n < count; n += 1)
        await recordChange(tx as unknown as Db, actorId ? { id: actorId, clientIp: '192.0.2.7' } : null, {
          action,
          subject: { type: 'test', id: `item-${n}` },
          before: { n },
          after: { n: n + 1 },
        });
    });

  it('lists entries newest first with who made them, and pages without skipping or repeating', async () => {
    await recordMany(AUDIT_PAGE_SIZE * 2 + 7);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: Page = await page(`?action=test.bulk${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...result.entries.map((e) => e.id));
      cursor = result.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(AUDIT_PAGE_SIZE * 2 + 7);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));

    const [newest] = (await page('?action=test.bulk')).entries;
    expect(newest).toMatchObject({
      action: 'test.bulk',
      subjectType: 'test',
      subjectId: `item-${AUDIT_PAGE_SIZE * 2 + 6}`,
      clientIp: '192.0.2.7',
      actor: { id: admin.id, name: 'Ada Admin', email: 'ada@example.org' },
      before: { n: AUDIT_PAGE_SIZE * 2 + 6 },
    });
  });

  it("names the account an entry is about, and only a 'user' subject by an account's id", async () => {
    await t.db.transaction(async (tx) => {
      for (const type of ['user', 'partner'])
        await recordChange(
          tx as unknown as Db,
          { id: admin.id },
          {
            action: 'test.about-someone',
            subject: { type, id: manager.id },
          },
        );
    });
    const { entries } = await page('?action=test.about-someone');
    expect(entries.map((e) => [e.subjectType, e.subjectId, e.subjectLabel])).toEqual([
      ['partner', manager.id, null],
      ['user', manager.id, 'Max Manager'],
    ]);
  });

  it('names a partner, a gift, a task and a deleted partner by what their entries kept, not by their ids', async () => {
    const cookie = { cookie: admin.cookie };
    const created = await t.postJson('/api/partners', { name: 'Hope Chapel', email: 'office@hope.example' }, cookie);
    expect(created.status).toBe(201);
    const partner = ((await created.json()) as { partner: { id: string } }).partner;
    const gift = await t.postJson(
      '/api/giving/donations',
      { partnerId: partner.id, partnerName: 'Hope Chapel', amount: '75', donationType: 'one-time' },
      cookie,
    );
    expect(gift.status, await gift.clone().text()).toBe(201);
    const task = await t.postJson('/api/tasks', { title: 'Thank Hope Chapel' }, cookie);
    expect(task.status).toBe(201);
    const gone = await t.postJson('/api/partners', { name: 'Short Lived', email: 'gone@example.org' }, cookie);
    const goneId = ((await gone.json()) as { partner: { id: string } }).partner.id;
    expect((await t.request(`/api/partners/${goneId}`, { method: 'DELETE', headers: cookie })).status).toBe(200);

    const labelOf = async (action: string, subjectId: string) => {
      const { entries } = await page(`?action=${action}&subjectId=${subjectId}`);
      expect(entries).toHaveLength(1);
      return entries[0]!.subjectLabel;
    };
    expect(await labelOf('partner.created', partner.id)).toBe('Hope Chapel');
    const giftId = ((await gift.json()) as { donation: { id: string } }).donation.id;
    expect(await labelOf('donation.created', giftId)).toBe('Hope Chapel, 75.00');
    const taskId = ((await task.json()) as { task: { id: string } }).task.id;
    expect(await labelOf('task.created', taskId)).toBe('Thank Hope Chapel');
    // The partner's row is gone; its entry still says which partner it was.
    expect(await labelOf('partner.deleted', goneId)).toBe('Short Lived');
  });

  it('filters by person, action, subject and date range', async () => {
    await recordMany(3, 'test.by-manager', manager.id);
    const byManager = await page(`?actor=${manager.id}&action=test.by-manager`);
    expect(byManager.entries).toHaveLength(3);
    expect(byManager.entries.every((e) => e.actorId === manager.id)).toBe(true);

    const subject = await page('?subjectType=test&subjectId=item-1&action=test.by-manager');
    expect(subject.entries.map((e) => e.subjectId)).toEqual(['item-1']);

    const now = Date.now();
    const inRange = await page(
      `?action=test.by-manager&from=${new Date(now - 60_000).toISOString()}&to=${new Date(now + 60_000).toISOString()}`,
    );
    expect(inRange.entries).toHaveLength(3);
    const before = await page(`?action=test.by-manager&to=${new Date(now - 3600_000).toISOString()}`);
    expect(before.entries).toEqual([]);
  });

  it('leaves chat read receipts out unless they are asked for, on the screen and in the export', async () => {
    await recordMany(2, 'chat.read', manager.id);
    await recordMany(1, 'chat.reads-started', manager.id);
    await recordMany(1, 'test.beside-reads', manager.id);
    const actions = (result: Page) => new Set(result.entries.map((e) => e.action));

    const plain = actions(await page(`?actor=${manager.id}`));
    expect(plain.has('test.beside-reads')).toBe(true);
    expect(plain.has('chat.read')).toBe(false);
    expect(plain.has('chat.reads-started')).toBe(false);

    const shown = actions(await page(`?actor=${manager.id}&reads=show`));
    expect([...shown]).toEqual(expect.arrayContaining(['test.beside-reads', 'chat.read', 'chat.reads-started']));
    // Asking for the action itself shows it, whatever the choice.
    expect((await page(`?actor=${manager.id}&action=chat.read`)).entries).toHaveLength(2);

    const csv = async (query: string) => (await (await get(`/export${query}`)).text()).trim().split('\n').slice(1);
    const exported = await csv(`?actor=${manager.id}`);
    expect(exported.some((line) => line.includes(',test.beside-reads,'))).toBe(true);
    expect(exported.some((line) => line.includes(',chat.read'))).toBe(false);
    const exportedAll = await csv(`?actor=${manager.id}&reads=show`);
    expect(exportedAll.filter((line) => line.includes(',chat.read,'))).toHaveLength(2);
  });

  it('refuses bad filters with a clear message and logs nothing', async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(activity))[0]!.n;
    const before = await count();
    const cases: [string, string][] = [
      ['?from=yesterday', 'Please enter a valid date'],
      ['?from=0001-01-01T00:00:00Z', 'Please enter a date between 1900 and 2200'],
      ['?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z', 'The start of the date range must not be after its end'],
      ['?cursor=not-a-cursor', 'Invalid cursor'],
      ['?reads=yes', 'Unknown choice of read receipts'],
      [
        `?cursor=${Buffer.from(JSON.stringify(["1'; drop table activity;--", 1])).toString('base64url')}`,
        'Invalid cursor',
      ],
    ];
    for (const [query, message] of cases) {
      const response = await get(query);
      expect(response.status, query).toBe(400);
      expect(JSON.stringify(await response.json()), query).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('offers the actions, subject types and people in the log, a removed account by its id', async () => {
    await recordMany(1, 'test.by-gone', 'removed-account-id');
    const response = await t.request('/api/audit/facets', { headers: { cookie: admin.cookie } });
    const facets = (await response.json()) as {
      actions: string[];
      subjectTypes: string[];
      actors: { id: string; name: string }[];
    };
    expect(facets.actions).toEqual(expect.arrayContaining(['test.bulk', 'test.by-manager', 'sign_in.succeeded']));
    expect(facets.actions).toEqual([...facets.actions].sort());
    expect(facets.subjectTypes).toEqual(expect.arrayContaining(['test', 'account']));
    expect(facets.actors).toEqual(
      expect.arrayContaining([
        { id: admin.id, name: 'Ada Admin', email: 'ada@example.org' },
        { id: 'removed-account-id', name: '', email: null },
      ]),
    );
  });

  it('exports the filtered entries as CSV, formulas defused, and logs the export', async () => {
    await t.db.transaction((tx) =>
      recordChange(
        tx as unknown as Db,
        { id: admin.id, clientIp: null },
        {
          action: 'test.csv',
          subject: { type: 'partner', id: '=HYPERLINK("http://evil.example","x")' },
          after: { name: 'Ruth, "the elder"' },
        },
      ),
    );
    const response = await get('?action=test.csv'.replace('?', '/export?'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = (await response.text()).trim().split('\n');
    expect(lines[0]).toBe(
      'Time,Person,Email,Person id,Client address,Action,Subject type,Subject,Subject name,Before,After',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Ada Admin,ada@example.org,${admin.id},,test.csv,partner,`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(lines[1]).toContain(`"{""name"":""Ruth, \\""the elder\\""""}"`);
    // The subject's name as the screen shows it, beside its id.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")","Ruth, ""the elder""",`);

    const [logged] = await t.db.select().from(activity).orderBy(desc(activity.seq)).limit(1);
    expect(logged).toMatchObject({
      action: 'audit.exported',
      actorId: admin.id,
      after: { filters: { action: 'test.csv' } },
    });
  });

  it('exports every entry, past the first batch', async () => {
    await recordMany(2_100, 'test.export-many');
    const response = await get('/export?action=test.export-many');
    const lines = (await response.text()).trim().split('\n');
    expect(lines).toHaveLength(2_101);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[7])).size).toBe(2_100);
  });

  describe('sign-ins', () => {
    const signInEntries = (email: string) =>
      t.db
        .select({ action: activity.action, actorId: activity.actorId })
        .from(activity)
        .where(sql`${activity.subjectType} = 'account' and ${activity.subjectId} = ${email}`)
        .orderBy(activity.seq);

    it('records a success with the person, a wrong password, and a lock-out once a window', async () => {
      const sam = await t.createUser({ email: 'sam@example.org', password: 'long-secret' });
      await t.signIn('SAM@example.org', 'long-secret');
      for (let n = 0; n < 8; n += 1) await t.signInResponse('sam@example.org', 'wrong-password');
      const entries = await signInEntries('sam@example.org');
      expect(entries[0]).toEqual({ action: 'sign_in.succeeded', actorId: sam.id });
      const failed = entries.filter((e) => e.action === 'sign_in.failed');
      const locked = entries.filter((e) => e.action === 'sign_in.locked_out');
      expect(failed.length).toBeGreaterThanOrEqual(5);
      expect(failed.every((e) => e.actorId === null)).toBe(true);
      expect(locked).toHaveLength(1);
      // The screen's subject filter finds the address however it is typed.
      const typed = await page(`?subjectId=${encodeURIComponent('Sam@Example.org')}`);
      expect(typed.entries.length).toBe(entries.length);
      expect(new Set(typed.entries.map((e) => e.subjectId))).toEqual(new Set(['sam@example.org']));
      expect(failed.length + locked.length).toBe(entries.length - 1);
    });

    it('records a sign-in to an account that does not exist as a failure, naming the address typed', async () => {
      await t.signInResponse('nobody@example.org', 'guess');
      expect(await signInEntries('nobody@example.org')).toEqual([{ action: 'sign_in.failed', actorId: null }]);
    });
  });

  it('is for admins only: a coordinator with user management is refused, and the refusal is logged', async () => {
    for (const path of ['/api/audit', '/api/audit/facets', '/api/audit/export', '/api/audit/settings']) {
      const response = await t.request(path, { headers: { cookie: manager.cookie } });
      expect(response.status, path).toBe(403);
      const [logged] = await t.db.select().from(activity).orderBy(desc(activity.seq)).limit(1);
      expect(logged).toMatchObject({
        action: 'admin.refused',
        actorId: manager.id,
        subjectType: 'route',
        subjectId: `GET ${path}`,
        after: { status: 403, reason: 'You do not have permission to do this.' },
      });
    }
  });

  describe('retention', () => {
    it('keeps everything by default; an admin sets a retention, which is recorded', async () => {
      const settings = async () =>
        (await t.request('/api/audit/settings', { headers: { cookie: admin.cookie } })).json();
      expect(await settings()).toEqual({ retentionDays: null });
      expect(await pruneAudit(t.db)).toBe(0);
      const bad = await t.sendJson('PUT', '/api/audit/settings', { retentionDays: 7 }, { cookie: admin.cookie });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toContain('Keep entries at least 30 days');
      const set = await t.sendJson('PUT', '/api/audit/settings', { retentionDays: 365 }, { cookie: admin.cookie });
      expect(set.status).toBe(200);
      expect(await settings()).toEqual({ retentionDays: 365 });
      const [logged] = await t.db.select().from(activity).orderBy(desc(activity.seq)).limit(1);
      expect(logged).toMatchObject({
        action: 'audit.retention_changed',
        actorId: admin.id,
        before: { retentionDays: null },
        after: { retentionDays: 365 },
      });
    });

    it('removes only the oldest entries as a prefix of the chain, which still verifies from its new start', async () => {
      // Its own installation, so the chain starts with the entries this test dates.
      const r = await createTestApp(target);
      try {
        const yearsAgo = new Date(Date.now() - 2 * 365 * 24 * 3600_000);
        const write = (action: string, at?: Date) =>
          r.db.insert(activity).values({ at, action, subjectType: 'test', subjectId: action });
        for (const action of ['old-1', 'old-2', 'old-3']) await write(action, yearsAgo);
        await write('recent-1');
        // Old, but after a recent one: not a prefix of the chain, so kept.
        await write('old-after-recent', yearsAgo);
        await write('recent-2');
        await r.db.insert(appSettings).values({ key: 'audit_retention_days', value: '365' });

        // In pieces of two entries, each in a transaction of its own (decision 0147): the chain's
        // start moves with each, and the whole is recorded once, with the last.
        const totals: number[] = [];
        expect(await pruneAudit(r.db, new Date(), 2, async (removed) => void totals.push(removed))).toBe(3);
        expect(totals).toEqual([2]);
        const starts = await r.db.select().from(activityChainStart).orderBy(activityChainStart.id);
        expect(starts.map((row) => row.seq)).toEqual([3, 4]);
        const remaining = await r.db.select().from(activity).orderBy(activity.seq);
        expect(remaining.map((e) => e.action)).toEqual(['recent-1', 'old-after-recent', 'recent-2', 'audit.pruned']);
        expect(remaining[3]).toMatchObject({ actorId: null, after: { removed: 3, retentionDays: 365 } });
        const [start] = await r.db.select().from(activityChainStart).orderBy(desc(activityChainStart.id)).limit(1);
        expect(start).toMatchObject({ seq: 4, prevHash: remaining[0]!.prevHash });
        expect(await verifyAuditChain(r.db)).toEqual({ entries: 4, startsAt: 4, broken: null });

        // The database still refuses any other removal, and the chain's start cannot be moved.
        const refused = (statement: PromiseLike<unknown>) =>
          Promise.resolve(statement).then(
            () => 'done',
            (err: { cause?: Error; message: string }) => err.cause?.message ?? err.message,
          );
        expect(await refused(r.db.delete(activity).where(eq(activity.action, 'recent-1')))).toContain('append-only');
        expect(await refused(r.db.delete(activityChainStart))).toContain('append-only');
        expect(await refused(r.db.update(activityChainStart).set({ seq: 1 }))).toContain('append-only');

        // Nothing more to remove: nothing removed, nothing recorded.
        expect(await pruneAudit(r.db)).toBe(0);
        expect(await r.db.select().from(activity)).toHaveLength(4);
      } finally {
        await r.close();
      }
    });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { partnersTestApi, type ListJson } from '#test-support/features/partners-test-api';

// The directory's orders (issue 27 item 9): latest contact first and newest first, paged.
describe.each(testDatabaseTargets())('partner directory orders on $name', (target) => {
  let t: TestApp;
  let coordinator: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    // Two statements: each gives all of its partners one created_at (as an import does), so
    // ties are the rule and only the id orders them. Every fifth partner was never contacted.
    for (const batch of [1, 2]) {
      await t.db.execute(sql`
        insert into partners (name, email, last_contact)
        select 'Batch ' || ${batch} || ' partner ' || i, 'b' || ${batch} || 'p' || i || '@example.org',
               case when i % 5 = 0 then null else date '2026-01-01' + (i % 4) end
        from generate_series(1, 12) as i
      `);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const { get, list } = partnersTestApi(
    () => t,
    () => coordinator,
  );
  const ids = (body: ListJson) => body.partners.map((p) => p.id);

  async function everyPage(query: Record<string, string>) {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: ListJson = await list({ ...query, limit: '5', ...(cursor ? { cursor } : {}) });
      seen.push(...ids(body));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    return { seen, pages };
  }

  const rows = () =>
    t.db
      .select({
        id: partners.id,
        createdAt: sql<string>`${partners.createdAt}::text`,
        lastContact: partners.lastContact,
      })
      .from(partners);
  const byIdDesc = (a: { id: string }, b: { id: string }) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

  it('lists the newest first, ties by id, each partner once across pages', async () => {
    const all = await rows();
    const expected = [...all]
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : byIdDesc(a, b)))
      .map((r) => r.id);
    const { seen, pages } = await everyPage({ sort: 'newest' });
    expect(pages).toBe(5);
    expect(seen).toEqual(expected);
    // The second batch came last, so it comes first.
    const first = await list({ sort: 'newest', limit: '1' });
    expect(first.partners[0]!.name).toMatch(/^Batch 2 /);
  });

  it('lists the latest contact first and the never contacted last, each partner once across pages', async () => {
    const all = await rows();
    const expected = [...all]
      .sort((a, b) => {
        if (a.lastContact !== b.lastContact) {
          if (a.lastContact === null) return 1;
          if (b.lastContact === null) return -1;
          return a.lastContact < b.lastContact ? 1 : -1;
        }
        return byIdDesc(a, b);
      })
      .map((r) => r.id);
    const { seen } = await everyPage({ sort: 'lastContact' });
    expect(seen).toEqual(expected);
    expect(expected.slice(-4).every((id) => all.find((r) => r.id === id)!.lastContact === null)).toBe(true);
  });

  it('keeps the search and filters within an order', async () => {
    const body = await list({ sort: 'newest', q: 'Batch 1' });
    expect(body.partners).toHaveLength(12);
    expect(body.partners.every((p) => p.name.startsWith('Batch 1 '))).toBe(true);
  });

  it('refuses an unknown order, and a cursor of another order, changing nothing', async () => {
    const unknown = await get('/api/partners?sort=oldest');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe('Unknown sort order');

    const byName = await list({ limit: '2' });
    const crossed = await get(`/api/partners?${new URLSearchParams({ sort: 'newest', cursor: byName.nextCursor! })}`);
    expect(crossed.status).toBe(400);
    expect(((await crossed.json()) as { error: string }).error).toBe('Invalid cursor');

    const nullKey = Buffer.from(JSON.stringify([null, '00000000-0000-4000-8000-000000000000'])).toString('base64url');
    expect((await get(`/api/partners?${new URLSearchParams({ cursor: nullKey })}`)).status).toBe(400);
  });
});

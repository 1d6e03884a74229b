import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, messages, prefixQuery, searchableWords } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import type { ChatMessage } from '#shared/chat';
import type { ChatSearchPage } from '#shared/chat-search';
import type { Access } from '#server/auth/permissions';
import { searchMessages } from './search';

const GENERAL = { chatType: 'partner', partner: 'General Partners' } as const;
const ZONE = { chatType: 'coordinator', partner: 'Zone Leaders' } as const;
const VIP_GROUP = { chatType: 'cardholder_success', partner: 'Cardholders Group' } as const;

// Issue 23 item 5: searching messages (docs/decisions/0124).
describe.each(testDatabaseTargets())('chat search on $name', (target) => {
  let t: TestApp;
  let sam: TestUser;
  let noVip: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', fullName: 'Sam Coordinator' });
    noVip = await t.createUser({ email: 'novip@example.org', password: 'novip-secret', fullName: 'No Vip' });
    await t.db
      .insert(coordinatorPermissions)
      .values({ userId: noVip.id, feature: 'cardholder_success', enabled: false });
    for (const u of [sam, noVip]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const send = async (channel: { chatType: string; partner: string }, content: string) => {
    const response = await t.postJson('/api/chat/messages', { ...channel, content }, as(sam));
    expect(response.status).toBe(201);
    return ((await response.json()) as { message: ChatMessage }).message;
  };
  const search = (u: TestUser, params: Record<string, string>) =>
    t.request(`/api/chat/search?${new URLSearchParams(params)}`, { headers: as(u) });
  const found = async (u: TestUser, params: Record<string, string>) => {
    const response = await search(u, params);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as ChatSearchPage;
  };

  it('finds messages by word prefixes in any case, newest first, with channel and sender', async () => {
    const first = await send(GENERAL, 'The harvest supper is on Friday');
    const second = await send(ZONE, 'Harvesting volunteers: North zone');
    await send(GENERAL, 'Nothing to see here');
    const page = await found(sam, { q: 'HARV' });
    expect(page.results.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(page.results[0]).toMatchObject({
      chatType: 'coordinator',
      partner: 'Zone Leaders',
      userName: 'Sam Coordinator',
      content: 'Harvesting volunteers: North zone',
    });
    expect(page.nextBefore).toBeNull();
    // Every word must match.
    expect((await found(sam, { q: 'harvest friday' })).results.map((r) => r.id)).toEqual([first.id]);
    expect((await found(sam, { q: 'harvest tuesday' })).results).toEqual([]);
  });

  it('finds the words of a link, of a word written as a tag, and of a decimal, in both steps (decision 0173)', async () => {
    const link = await send(GENERAL, 'Slides: https://grace.org/sermons/advent-2026');
    const tag = await send(GENERAL, 'Moved to <Tuesday> evening');
    const decimal = await send(GENERAL, 'Giving rose 3.5 percent; ama@example.org has the figures');
    const access = { permissions: { chat: true, cardholder_success: true } } as unknown as Access;
    const cases: [string, number][] = [
      ['sermons', link.id],
      ['advent 2026', link.id],
      ['tuesday', tag.id],
      ['3.5', decimal.id],
      ['example', decimal.id],
    ];
    for (const [q, id] of cases) {
      // The newest window, and a window of one message, which leaves the rest to the GIN index.
      expect(
        (await found(sam, { q })).results.map((r) => r.id),
        q,
      ).toContain(id);
      const viaIndex = await searchMessages(t.db, { q, before: decimal.id + 1 }, access, 1);
      expect(
        viaIndex.results.map((r) => r.id),
        q,
      ).toContain(id);
    }
    // The index is the one the search's expression uses (a different expression would read every row).
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from messages where ${searchableWords(messages.content)} @@ to_tsquery('simple', 'sermons:*')`,
      );
    });
    expect(JSON.stringify(plan)).toContain('messages_search_idx');
  });

  it("ignores accents and the apostrophe's shape, in both steps (decision 0181)", async () => {
    const cafe = await send(GENERAL, 'Meet at Café Müller after the O’Connor visit');
    const street = await send(GENERAL, 'The Straße fair needs volunteers');
    const jose = await send(ZONE, 'Jose brought the keys');
    const access = { permissions: { chat: true, cardholder_success: true } } as unknown as Access;
    const cases: [string, number][] = [
      ['cafe', cafe.id],
      ['CAFÉ muller', cafe.id],
      ["o'connor", cafe.id],
      ['o’connor visit', cafe.id],
      ['strasse', street.id],
      ['straße', street.id],
      ['josé', jose.id],
    ];
    for (const [q, id] of cases) {
      expect(
        (await found(sam, { q })).results.map((r) => r.id),
        q,
      ).toEqual([id]);
      const viaIndex = await searchMessages(t.db, { q, before: jose.id + 1 }, access, 1);
      expect(
        viaIndex.results.map((r) => r.id),
        q,
      ).toEqual([id]);
    }
  });

  it('never returns a VIP message to someone without cardholder_success', async () => {
    const vip = await send(VIP_GROUP, 'Platinum renewal for Esther');
    const open = await send(GENERAL, 'Platinum sponsors thanked');
    expect((await found(sam, { q: 'platinum' })).results.map((r) => r.id)).toEqual([open.id, vip.id]);
    expect((await found(noVip, { q: 'platinum' })).results.map((r) => r.id)).toEqual([open.id]);
    expect((await found(noVip, { q: 'renewal esther' })).results).toEqual([]);
  });

  it('leaves deleted messages out', async () => {
    const kept = await send(GENERAL, 'zucchini recipe kept');
    const gone = await send(GENERAL, 'zucchini recipe removed');
    await t.db.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, gone.id));
    expect((await found(sam, { q: 'zucchini' })).results.map((r) => r.id)).toEqual([kept.id]);
  });

  it('pages 20 at a time with a cursor', async () => {
    const sent: number[] = [];
    for (let i = 0; i < 45; i++) sent.push((await send(GENERAL, `quarterly report part ${i}`)).id);
    const newestFirst = [...sent].reverse();
    const one = await found(sam, { q: 'quarterly' });
    expect(one.results.map((r) => r.id)).toEqual(newestFirst.slice(0, 20));
    const two = await found(sam, { q: 'quarterly', before: String(one.nextBefore) });
    expect(two.results.map((r) => r.id)).toEqual(newestFirst.slice(20, 40));
    const three = await found(sam, { q: 'quarterly', before: String(two.nextBefore) });
    expect(three.results.map((r) => r.id)).toEqual(newestFirst.slice(40));
    expect(three.nextBefore).toBeNull();
  });

  it('finds the same pages, VIP filter included, when the newest window is too small (the GIN index step)', async () => {
    const vip = await send(VIP_GROUP, 'quarterly VIP summary');
    const all = { permissions: { chat: true, cardholder_success: true } } as unknown as Access;
    const plain = { permissions: { chat: true, cardholder_success: false } } as unknown as Access;
    for (const access of [all, plain]) {
      let before: number | undefined;
      for (let page = 0; page < 4; page++) {
        const wide = await searchMessages(t.db, { q: 'quarterly', before }, access);
        const narrow = await searchMessages(t.db, { q: 'quarterly', before }, access, 3);
        expect(narrow).toEqual(wide);
        if (!wide.nextBefore) break;
        before = wide.nextBefore;
      }
    }
    const plainIds = (await searchMessages(t.db, { q: 'quarterly' }, plain, 1)).results.map((r) => r.id);
    expect(plainIds).not.toContain(vip.id);
    expect((await searchMessages(t.db, { q: 'quarterly' }, all, 1)).results[0]!.id).toBe(vip.id);
  });

  it('refuses an empty, a 201-character and a 10,000-character query, and a bad cursor, with a clear 400', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ q: '   ' }, 'Type something to search for'],
      [{}, 'Type something to search for'],
      [{ q: 'a'.repeat(201) }, 'Searches are limited to 200 characters'],
      [{ q: 'word '.repeat(2000) }, 'Searches are limited to 200 characters'],
      [{ q: 'ok', before: 'abc' }, 'Invalid cursor'],
      [{ q: 'ok', before: '-1' }, 'Invalid cursor'],
    ];
    for (const [params, error] of cases) {
      const response = await search(sam, params);
      expect(response.status, JSON.stringify(params).slice(0, 60)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
    expect((await found(sam, { q: 'a'.repeat(200) })).results).toEqual([]);
  });

  it('treats tsquery operators, quotes, backslashes and emoji as plain text, never an error', async () => {
    const emoji = await send(GENERAL, 'Picnic 🎉 at noon: bring "lemonade" & cake!');
    const odd = [
      'a:* & !(',
      '!!!',
      "'",
      '"lemonade"',
      '\\',
      '🎉',
      '(picnic | cake) <-> noon',
      "picnic' | 'x",
      'picnic:A',
      '%_',
      'ÉTÉ été',
      '½ №',
      '\u200b',
    ];
    for (const q of odd) {
      const response = await search(sam, { q });
      expect(response.status, q).toBe(200);
    }
    expect((await found(sam, { q: '"lemonade" & cake!' })).results.map((r) => r.id)).toEqual([emoji.id]);
    expect((await found(sam, { q: '(picnic | cake) <-> noon' })).results.map((r) => r.id)).toEqual([emoji.id]);
    // Nothing but symbols: no words, no results.
    expect((await found(sam, { q: '🎉 !!!' })).results).toEqual([]);
  });

  it('builds the tsquery from the words as the messages are folded and split, each word quoted', async () => {
    const tsquery = async (words: string) =>
      (
        (await t.db.execute(sql`select ${prefixQuery(words)}::text as q`)) as unknown as {
          rows: { q: string | null }[];
        }
      ).rows[0]!.q;
    // In the tsvector's order: the words are all required, so the order does not matter.
    expect(await tsquery("a o'neil")).toBe("'a':* & 'neil':* & 'o':*");
    expect(await tsquery('Été 2024')).toBe("'2024':* & 'ete':*");
    // Folding makes punctuation of '½' ('1/2'): still two quoted words, never tsquery syntax.
    expect(await tsquery('½')).toBe("'1':* & '2':*");
  });

  it('answers 401 without a session', async () => {
    expect((await t.request('/api/chat/search?q=x')).status).toBe(401);
  });
});

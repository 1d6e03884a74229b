import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity, partners, partnerTagLinks, partnerTags } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { partnersTestApi, type ListJson } from '#test-support/features/partners-test-api';
import { partnerListQuery } from './service';

interface TagJson {
  id: string;
  name: string;
  colour: string;
  partners: number;
}

// Tags (issue 20 item 3): the rules, a partner's tags, the any/all filter and "Tag all".
describe.each(testDatabaseTargets())('partner tags on $name', (target) => {
  let t: TestApp;
  let coordinator: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(partners);
    await t.db.delete(partnerTags);
  });

  const { put, list, create, names } = partnersTestApi(
    () => t,
    () => coordinator,
  );
  const createTag = async (name: string, colour = 'blue') => {
    const response = await t.postJson('/api/partners/tags', { name, colour }, { cookie: coordinator });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { tag: TagJson }).tag;
  };
  const setTags = (partnerId: string, tagIds: string[]) => put(`/api/partners/${partnerId}/tags`, { tagIds });
  const listTags = async () => {
    const response = await t.request('/api/partners/tags', { headers: { cookie: coordinator } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { tags: TagJson[] }).tags;
  };
  const bulk = (tagId: string, body: unknown) =>
    t.postJson(`/api/partners/tags/${tagId}/bulk`, body, { cookie: coordinator });
  /** Partners named `prefix 001`..., inserted directly (the tests need more than a page). */
  const seedPartners = async (prefix: string, n: number, extra: Partial<typeof partners.$inferInsert> = {}) =>
    t.db
      .insert(partners)
      .values(
        Array.from({ length: n }, (_, i) => ({
          name: `${prefix} ${String(i).padStart(3, '0')}`,
          email: `${prefix.toLowerCase()}${i}@example.org`,
          ...extra,
        })),
      )
      .returning({ id: partners.id, name: partners.name });
  const recorded = async (action: string) => t.db.select().from(activity).where(eq(activity.action, action));

  describe('managing tags', () => {
    it('creates a tag with a trimmed name and a palette colour, and records it', async () => {
      const tag = await createTag('  Prayer team ', 'teal');
      expect(tag).toMatchObject({ name: 'Prayer team', colour: 'teal', partners: 0 });
      expect(await recorded('partner_tag.created')).toHaveLength(1);
    });

    it('refuses a name over 50 characters, an empty name and an unknown colour, writing nothing', async () => {
      const long = await t.postJson('/api/partners/tags', { name: 'x'.repeat(51) }, { cookie: coordinator });
      expect(long.status).toBe(400);
      expect(JSON.stringify(await long.json())).toContain('Tag names must be 50 characters or less');
      expect((await t.postJson('/api/partners/tags', { name: '   ' }, { cookie: coordinator })).status).toBe(400);
      const colour = await t.postJson('/api/partners/tags', { name: 'Ok', colour: 'black' }, { cookie: coordinator });
      expect(colour.status).toBe(400);
      expect(await listTags()).toEqual([]);
      expect((await createTag('x'.repeat(50))).name).toHaveLength(50);
    });

    it('answers 409 to a name another tag has regardless of case, on create and on rename', async () => {
      const first = await createTag('Volunteers');
      const again = await t.postJson('/api/partners/tags', { name: 'VOLUNTEERS ' }, { cookie: coordinator });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ error: 'A tag named "Volunteers" already exists' });
      const other = await createTag('Board');
      const rename = await put(`/api/partners/tags/${other.id}`, { name: 'volunteers', colour: 'red' });
      expect(rename.status).toBe(409);
      // Renaming a tag to another case of its own name is fine.
      const own = await put(`/api/partners/tags/${first.id}`, { name: 'VOLUNTEERS', colour: 'red' });
      expect(own.status).toBe(200);
      expect((await listTags()).map((tag) => [tag.name, tag.colour])).toEqual([
        ['Board', 'blue'],
        ['VOLUNTEERS', 'red'],
      ]);
    });

    it('deletes a tag, saying how many partners carried it; the partners stay', async () => {
      const tag = await createTag('Old list');
      const [a, b] = await seedPartners('Del', 2);
      expect((await setTags(a!.id, [tag.id])).status).toBe(200);
      expect((await setTags(b!.id, [tag.id])).status).toBe(200);
      expect((await listTags())[0]!.partners).toBe(2);
      const response = await t.request(`/api/partners/tags/${tag.id}`, {
        method: 'DELETE',
        headers: { cookie: coordinator },
      });
      expect(await response.json()).toEqual({ deleted: true, partners: 2 });
      expect(await listTags()).toEqual([]);
      expect((await t.db.select({ n: count() }).from(partners))[0]!.n).toBe(2);
      const [entry] = await recorded('partner_tag.deleted');
      expect(entry!.before).toMatchObject({ name: 'Old list', partners: 2 });
    });
  });

  describe("a partner's tags", () => {
    it('sets and replaces them, shows them on the partner and in the list, and records the change', async () => {
      const [red, blue] = [await createTag('Red', 'red'), await createTag('Blue', 'blue')];
      const partner = await create({ name: 'Tagged', email: 'tagged@example.org' });
      expect((await setTags(partner.id, [red.id, blue.id])).status).toBe(200);
      const replaced = await setTags(partner.id, [blue.id]);
      expect(await replaced.json()).toEqual({ tags: [{ id: blue.id, name: 'Blue', colour: 'blue' }] });
      const detail = await t.request(`/api/partners/${partner.id}`, { headers: { cookie: coordinator } });
      expect(((await detail.json()) as { partner: { tags: unknown } }).partner.tags).toEqual([
        { id: blue.id, name: 'Blue', colour: 'blue' },
      ]);
      expect((await list()).partners[0]).toMatchObject({ name: 'Tagged', tags: [{ name: 'Blue' }] });
      const entries = await recorded('partner.tags_changed');
      expect(entries.at(-1)).toMatchObject({ before: { tags: ['Blue', 'Red'] }, after: { tags: ['Blue'] } });
    });

    it('refuses more than 50 tags and unknown tags, changing nothing', async () => {
      const tags = await t.db
        .insert(partnerTags)
        .values(Array.from({ length: 51 }, (_, i) => ({ name: `T${i}` })))
        .returning({ id: partnerTags.id });
      const partner = await create({ name: 'Full', email: 'full@example.org' });
      const over = await setTags(
        partner.id,
        tags.map((tag) => tag.id),
      );
      expect(over.status).toBe(400);
      expect(JSON.stringify(await over.json())).toContain('A partner can have at most 50 tags');
      const unknown = await setTags(partner.id, ['00000000-0000-4000-8000-000000000000']);
      expect(unknown.status).toBe(400);
      expect(await t.db.select().from(partnerTagLinks)).toEqual([]);
      expect(
        (
          await setTags(
            partner.id,
            tags.slice(0, 50).map((tag) => tag.id),
          )
        ).status,
      ).toBe(200);
    });
  });

  describe('the tag filter', () => {
    it('matches any or all of the chosen tags, page by page in name order', async () => {
      const [a, b] = [await createTag('A'), await createTag('B')];
      const rows = await seedPartners('Filter', 7);
      // 000-002: A; 003-004: A and B; 005: B; 006: none.
      const links = rows.flatMap((row, i) => [
        ...(i <= 4 ? [{ tagId: a.id, partnerId: row.id }] : []),
        ...(i >= 3 && i <= 5 ? [{ tagId: b.id, partnerId: row.id }] : []),
      ]);
      await t.db.insert(partnerTagLinks).values(links);
      const walk = async (query: Record<string, string>) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: ListJson = await list({ ...query, limit: '2', ...(cursor ? { cursor } : {}) });
          seen.push(...names(page));
          cursor = page.nextCursor;
        } while (cursor);
        return seen;
      };
      const ab = `${a.id},${b.id}`;
      expect(await walk({ tags: ab })).toEqual(rows.slice(0, 6).map((r) => r.name));
      expect(await walk({ tags: ab, match: 'any' })).toEqual(rows.slice(0, 6).map((r) => r.name));
      expect(await walk({ tags: ab, match: 'all' })).toEqual(['Filter 003', 'Filter 004']);
      expect(await walk({ tags: b.id })).toEqual(['Filter 003', 'Filter 004', 'Filter 005']);
      expect(await walk({ tags: b.id, q: 'Filter 00' })).toEqual(['Filter 003', 'Filter 004', 'Filter 005']);
      // Both SQL shapes (rare tags start from their links, common ones walk the name order) agree.
      for (const query of [{ tags: [a.id, b.id] }, { tags: [a.id, b.id], match: 'all' as const }, { tags: [b.id] }]) {
        const shapes = await Promise.all(
          [false, true].map(async (sparse) =>
            (await partnerListQuery(t.db, { ...query, limit: 3 }, sparse)).map((row) => row.name),
          ),
        );
        expect(shapes[0]).toEqual(shapes[1]);
      }
      const bad = await t.request('/api/partners?tags=not-a-tag', { headers: { cookie: coordinator } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: expect.stringContaining('Unknown tag filter') });
    });
  });

  describe('tag all / untag all', () => {
    it('tags every partner the filters match, beyond the first page, in one recorded change', async () => {
      const tag = await createTag('Campaign');
      await seedPartners('North', 120, { zone: 'North' });
      await seedPartners('South', 5, { zone: 'South' });
      const counted = await t.request('/api/partners/count?zone=North', { headers: { cookie: coordinator } });
      expect(await counted.json()).toEqual({ count: 120 });
      const response = await bulk(tag.id, { action: 'tag', filters: { zone: 'North' } });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({ matched: 120, changed: 120, skipped: 0 });
      const [tagged] = await t.db.select({ n: count() }).from(partnerTagLinks).where(eq(partnerTagLinks.tagId, tag.id));
      expect(tagged!.n).toBe(120);
      const entries = await recorded('partners.tagged');
      expect(entries).toHaveLength(1);
      expect(entries[0]!.after).toMatchObject({
        tag: 'Campaign',
        matched: 120,
        changed: 120,
        filters: { zone: 'North' },
      });
      // Again: everyone already carries it.
      expect(await (await bulk(tag.id, { action: 'tag', filters: { zone: 'North' } })).json()).toEqual({
        matched: 120,
        changed: 0,
        skipped: 0,
      });
      const untag = await bulk(tag.id, { action: 'untag', filters: { zone: 'North', q: 'North 1' } });
      expect(await untag.json()).toEqual({ matched: 20, changed: 20, skipped: 0 });
      expect(await recorded('partners.untagged')).toHaveLength(1);
      expect((await listTags())[0]!.partners).toBe(100);
    });

    it('skips partners already at 50 tags and says how many', async () => {
      const tags = await t.db
        .insert(partnerTags)
        .values(Array.from({ length: 50 }, (_, i) => ({ name: `Full ${i}` })))
        .returning({ id: partnerTags.id });
      const rows = await seedPartners('Limit', 3);
      await t.db.insert(partnerTagLinks).values(tags.map((tag) => ({ tagId: tag.id, partnerId: rows[0]!.id })));
      const extra = await createTag('Extra');
      const response = await bulk(extra.id, { action: 'tag', filters: { q: 'Limit' } });
      expect(await response.json()).toEqual({ matched: 3, changed: 2, skipped: 1 });
      const carriers = await t.db
        .select({ partnerId: partnerTagLinks.partnerId })
        .from(partnerTagLinks)
        .where(
          and(
            eq(partnerTagLinks.tagId, extra.id),
            inArray(
              partnerTagLinks.partnerId,
              rows.map((r) => r.id),
            ),
          ),
        );
      expect(carriers.map((c) => c.partnerId).sort()).toEqual([rows[1]!.id, rows[2]!.id].sort());
    });

    it('refuses an unknown tag (404) and a bad action (400), writing nothing', async () => {
      await seedPartners('None', 2);
      expect((await bulk('00000000-0000-4000-8000-000000000000', { action: 'tag' })).status).toBe(404);
      const tag = await createTag('Real');
      expect((await bulk(tag.id, { action: 'paint' })).status).toBe(400);
      expect(await t.db.select().from(partnerTagLinks)).toEqual([]);
    });
  });
});

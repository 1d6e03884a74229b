import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity, donations, partners, partnerTagLinks, partnerTags } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { partnersTestApi } from '#test-support/features/partners-test-api';

/** A CSV body as rows of cells (quotes undone), without the byte order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      rows.push([...row, cell.replace(/\r$/, '')]);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

// Export (issue 20 item 5) and archive/delete (item 7).
describe.each(testDatabaseTargets())('partner export, archive and delete on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let coordinator: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(donations);
    await t.db.delete(partners);
    await t.db.delete(partnerTags);
  });

  const { list, create, names } = partnersTestApi(
    () => t,
    () => coordinator,
  );
  const post = (path: string, cookie: string) => t.request(path, { method: 'POST', headers: { cookie } });
  const remove = (path: string, cookie: string) => t.request(path, { method: 'DELETE', headers: { cookie } });
  const recorded = async (action: string) => t.db.select().from(activity).where(eq(activity.action, action));
  const exportCsv = async (query: Record<string, string> = {}, cookie = coordinator) => {
    const response = await t.request(`/api/partners/export.csv?${new URLSearchParams(query)}`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="partners-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return parseCsv(new TextDecoder().decode(bytes.slice(3)));
  };

  describe('export', () => {
    it('writes the filtered directory with tags, formula cells made harmless, and records the export', async () => {
      const [tag] = await t.db.insert(partnerTags).values({ name: 'Prayer' }).returning();
      const formula = await create({ name: '=HYPERLINK("http://evil")', email: 'f@example.org', zone: 'North' });
      await create({ name: 'Ana Núñez', email: 'ana@example.org', zone: 'North', notes: 'Line one, "two"' });
      await create({ name: 'Elsewhere', email: 'e@example.org', zone: 'South' });
      await t.db.insert(partnerTagLinks).values({ tagId: tag!.id, partnerId: formula.id });
      const rows = await exportCsv({ zone: 'North' });
      expect(rows[0]).toEqual([
        'Name',
        'Email',
        'Phone',
        'Location',
        'Status',
        'Zone',
        'Coordinator',
        'Cardholder',
        'Last contact',
        'Tags',
        'Notes',
        'Archived',
        'Partner id',
      ]);
      // In name order ('=' sorts before letters); the formula cell starts with a quote.
      expect(rows.slice(1).map((row) => row[0])).toEqual([`'=HYPERLINK("http://evil")`, 'Ana Núñez']);
      expect(rows[1]![9]).toBe('Prayer');
      expect(rows[1]![12]).toBe(formula.id);
      expect(rows[2]![10]).toBe('Line one, "two"');
      const [entry] = await recorded('partners.exported');
      expect(entry!.after).toEqual({ filters: { zone: 'North' }, rows: 2 });
      // By tag: only the tagged partner.
      expect((await exportCsv({ tags: tag!.id })).slice(1).map((row) => row[12])).toEqual([formula.id]);
    });

    it('pages through more partners than one batch, in name order, archived ones only when shown', async () => {
      await t.db.insert(partners).values(
        Array.from({ length: 1203 }, (_, i) => ({
          name: `Row ${String(i).padStart(4, '0')}`,
          email: `row${i}@example.org`,
          archivedAt: i === 7 ? new Date() : null,
        })),
      );
      const rows = await exportCsv();
      expect(rows).toHaveLength(1 + 1202);
      expect(rows.slice(1).map((row) => row[0])).not.toContain('Row 0007');
      expect(rows[1]![0]).toBe('Row 0000');
      expect(rows.at(-1)![0]).toBe('Row 1202');
      const all = await exportCsv({ archived: 'true' });
      expect(all).toHaveLength(1 + 1203);
      expect(all[8]![0]).toBe('Row 0007');
      expect(all[8]![11]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // The archived day is the exporter's: 7:30 PM on Dec 1 in New York is Dec 2 in UTC.
      await t.db
        .update(partners)
        .set({ archivedAt: new Date('2026-12-02T00:30:00Z') })
        .where(eq(partners.email, 'row7@example.org'));
      const archivedDay = async (query: Record<string, string>) =>
        (await exportCsv({ archived: 'true', q: 'row7@', ...query })).find((row) => row[0] === 'Row 0007')![11];
      expect(await archivedDay({ tz: 'America/New_York' })).toBe('2026-12-01');
      expect(await archivedDay({})).toBe('2026-12-02');
    });
  });

  describe('archive', () => {
    it('is for admins: a coordinator gets 403 and nothing changes', async () => {
      const partner = await create({ name: 'Kept', email: 'kept@example.org' });
      expect((await post(`/api/partners/${partner.id}/archive`, coordinator)).status).toBe(403);
      expect((await remove(`/api/partners/${partner.id}`, coordinator)).status).toBe(403);
      const [row] = await t.db.select().from(partners).where(eq(partners.id, partner.id));
      expect(row!.archivedAt).toBeNull();
    });

    it('hides the partner from the directory, the gift type-ahead, name linking and cardholders; keeps gifts', async () => {
      const partner = await create({ name: 'Grace Chapel', email: 'grace@example.org', cardholderStatus: true });
      const gift = await t.postJson(
        '/api/giving/donations',
        { partnerId: partner.id, partnerName: 'Grace Chapel', amount: '20.00', donationType: 'one-time' },
        { cookie: admin },
      );
      expect(gift.status, await gift.clone().text()).toBe(201);
      const archived = await post(`/api/partners/${partner.id}/archive`, admin);
      expect(archived.status).toBe(200);
      expect(((await archived.json()) as { partner: { archivedAt: string | null } }).partner.archivedAt).not.toBeNull();
      expect(names(await list())).toEqual([]);
      expect(names(await list({ archived: 'true' }))).toEqual(['Grace Chapel']);
      const options = await t.request('/api/giving/partner-options?q=Grace', { headers: { cookie: admin } });
      expect(JSON.stringify(await options.json())).not.toContain('Grace Chapel');
      const cardholders = await t.request('/api/chat/cardholders', { headers: { cookie: admin } });
      expect(JSON.stringify(await cardholders.json())).not.toContain('Grace Chapel');
      // A gift typed with the archived partner's name is not linked to them.
      const typed = await t.postJson(
        '/api/giving/donations',
        { partnerName: 'grace chapel', amount: '5.00', donationType: 'one-time' },
        { cookie: admin },
      );
      expect(((await typed.json()) as { donation: { partnerId: string | null } }).donation.partnerId).toBeNull();
      expect(await t.db.select().from(donations).where(eq(donations.partnerId, partner.id))).toHaveLength(1);
      expect(await recorded('partner.archived')).toHaveLength(1);

      expect((await post(`/api/partners/${partner.id}/unarchive`, admin)).status).toBe(200);
      expect(names(await list())).toEqual(['Grace Chapel']);
      expect(await recorded('partner.unarchived')).toHaveLength(1);
    });
  });

  describe('delete', () => {
    it('deletes a partner without gifts for good, recording the values it had', async () => {
      const partner = await create({ name: 'Typo Partner', email: 'typo@example.org' });
      const response = await remove(`/api/partners/${partner.id}`, admin);
      expect(response.status).toBe(200);
      expect(await t.db.select().from(partners).where(eq(partners.id, partner.id))).toEqual([]);
      const [entry] = await recorded('partner.deleted');
      expect(entry!.before).toMatchObject({ name: 'Typo Partner', email: 'typo@example.org', tags: [] });
      expect((await remove(`/api/partners/${partner.id}`, admin)).status).toBe(404);
    });

    it('refuses (409) a partner with gifts, even voided ones, and deletes nothing', async () => {
      const partner = await create({ name: 'Giver', email: 'giver@example.org' });
      await t.db.insert(donations).values({
        partnerId: partner.id,
        partnerName: 'Giver',
        amount: '10.00',
        donationType: 'one-time',
        voidedAt: new Date(),
        voidReason: 'Entered twice',
      });
      const response = await remove(`/api/partners/${partner.id}`, admin);
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error: 'This partner has gifts and cannot be deleted. Archive the partner instead.',
      });
      expect(await t.db.select().from(partners).where(eq(partners.id, partner.id))).toHaveLength(1);
    });
  });
});

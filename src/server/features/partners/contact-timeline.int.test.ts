import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, partnerContacts } from '#server/db/schema';
import { zonedDate } from '#shared/time-zone';
import { testDatabaseTargets, type TestApp } from '#test-support/test-database';
import {
  contactLogTestApi,
  openContactLogFixture,
  type ContactLogFixture,
  type TimelineEntryJson,
} from '#test-support/features/contact-log-test-api';

// The timeline of a partner (issue 20 item 1, decision 0115): contacts, gifts, tasks and record
// changes merged newest first, its pages, and a merged partner's history on the survivor.
describe.each(testDatabaseTargets())('the partner contact log on $name', (target) => {
  let fixture: ContactLogFixture;
  let t: TestApp;
  let admin: string;
  let coordinator: string;
  let coordinatorId: string;

  beforeAll(async () => {
    fixture = await openContactLogFixture(target);
    ({ t, coordinatorId } = fixture);
    ({ admin, coordinator } = fixture.cookies);
  });
  afterAll(async () => {
    await fixture?.t.close();
  });

  const { get, logged, timeline, newPartner } = contactLogTestApi(() => fixture);

  describe('the timeline', () => {
    it('merges contacts, gifts (for holders of giving), tasks and record changes, newest first, in words', async () => {
      const partner = await newPartner('Naomi Jones');
      await t.sendJson(
        'PUT',
        `/api/partners/${partner.id}`,
        { name: 'Naomi Jones', email: partner.email, phone: '555-0100' },
        { cookie: coordinator },
      );
      await logged(partner.id, {
        kind: 'prayer_request',
        date: zonedDate(new Date(), 'UTC'),
        body: 'Pray for her trip',
      });
      const [gift, voided] = await t.db
        .insert(donations)
        .values([
          {
            partnerId: partner.id,
            partnerName: 'Naomi Jones',
            amount: '25.00',
            donationType: 'monthly',
            donationDate: new Date('2025-02-01T12:00:00Z'),
          },
          {
            partnerId: partner.id,
            partnerName: 'Naomi Jones',
            amount: '40.00',
            donationType: 'one-time',
            donationDate: new Date('2025-01-15T12:00:00Z'),
            voidedAt: new Date(),
            voidReason: 'Entered twice',
          },
        ])
        .returning({ id: donations.id });
      const task = await t.postJson(
        '/api/tasks',
        { title: 'Follow up with Naomi Jones', partnerId: partner.id },
        { cookie: coordinator },
      );
      expect(task.status).toBe(201);

      const own = await timeline(partner.id, coordinator);
      expect(own.entries.map((e) => e.source).sort()).toEqual(['change', 'change', 'contact', 'task']);
      const forAdmin = await timeline(partner.id, admin);
      const gifts = forAdmin.entries.filter((e) => e.source === 'gift');
      expect(gifts).toEqual([
        expect.objectContaining({ id: gift!.id, amount: '25.00', donationType: 'monthly', voided: false }),
        expect.objectContaining({ id: voided!.id, amount: '40.00', voided: true }),
      ]);
      const ats = forAdmin.entries.map((e) => e.at);
      expect(ats).toEqual([...ats].sort().reverse());
      const edit = forAdmin.entries.find((e) => e.source === 'change' && e.summary === 'Changed the partner’s details');
      expect(edit).toMatchObject({
        by: 'helper@example.org',
        changes: [{ label: 'Phone', from: 'Not given', to: '555-0100' }],
      });
      expect(forAdmin.entries.find((e) => e.source === 'change' && e.summary === 'Added the partner')).toMatchObject({
        changes: [],
      });
      // A statement taken is a giving fact (D12): the admin sees it, a coordinator without Giving Records does not.
      const pdf = await get(`/api/giving/statements/${partner.id}?year=2025&tz=UTC`, admin);
      expect(pdf.status).toBe(200);
      await pdf.arrayBuffer();
      const downloaded = (e: TimelineEntryJson) =>
        e.source === 'change' && e.summary === 'Downloaded the 2025 giving statement';
      expect((await timeline(partner.id, admin)).entries.filter(downloaded)).toHaveLength(1);
      expect((await timeline(partner.id, coordinator)).entries.filter(downloaded)).toHaveLength(0);
      expect(forAdmin.entries.find((e) => e.source === 'task')).toMatchObject({
        event: 'created',
        title: 'Follow up with Naomi Jones',
      });
      expect(forAdmin.entries.find((e) => e.source === 'contact')).toMatchObject({
        kind: 'prayer_request',
        body: 'Pray for her trip',
        by: { id: coordinatorId, name: 'helper@example.org' },
        canDelete: true,
      });
    });

    it('pages newest first by cursor, every entry exactly once', async () => {
      const partner = await newPartner('Many Contacts');
      await t.db.insert(partnerContacts).values(
        Array.from({ length: 45 }, (_, i) => ({
          partnerId: partner.id,
          kind: 'note' as const,
          // Pairs on the same day and logged at the same instant: the key breaks the tie.
          contactDate: `2024-01-${String(Math.floor(i / 2) + 1).padStart(2, '0')}`,
          body: `Note ${i}`,
          createdBy: coordinatorId,
          createdAt: new Date('2025-01-01T10:00:00Z'),
        })),
      );
      const seen: TimelineEntryJson[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await timeline(partner.id, coordinator, cursor);
        expect(page.entries.length).toBeLessThanOrEqual(20);
        seen.push(...page.entries);
        cursor = page.nextCursor ?? undefined;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      // 45 contacts and the partner's creation.
      expect(seen).toHaveLength(46);
      expect(new Set(seen.map((e) => e.key)).size).toBe(46);
      const positions = seen.map((e) => `${e.at}|${e.key}`);
      expect(positions).toEqual(
        [...positions].sort((a, b) => {
          const [atA, keyA] = a.split('|') as [string, string];
          const [atB, keyB] = b.split('|') as [string, string];
          return atA === atB ? (keyA < keyB ? 1 : -1) : atA < atB ? 1 : -1;
        }),
      );
      expect((await get(`/api/partners/${partner.id}/timeline?cursor=not-a-cursor`)).status).toBe(400);
    });

    it("shows a merged partner's record changes and the merge on the survivor", async () => {
      const survivor = await newPartner('Survivor Partner');
      const merged = await newPartner('Merged Partner');
      await t.sendJson(
        'PUT',
        `/api/partners/${merged.id}`,
        { name: 'Merged Partner', email: merged.email, zone: 'East' },
        { cookie: coordinator },
      );
      const merging = await t.postJson(
        '/api/partners/merge',
        { survivorId: survivor.id, mergedId: merged.id, take: { zone: 'merged' } },
        { cookie: admin },
      );
      expect(merging.status).toBe(200);
      const entries = (await timeline(survivor.id)).entries;
      expect(entries.filter((e) => e.source === 'change' && String(e.summary).startsWith('Merged'))).toEqual([
        expect.objectContaining({
          summary: 'Merged Merged Partner into this partner',
          changes: [{ label: 'Zone', from: 'Not given', to: 'East' }],
        }),
      ]);
      // The merged partner's own records say whose they were: two plain "Added the partner" told nobody which was which.
      expect(
        entries.find(
          (e) =>
            e.source === 'change' && e.summary === 'Changed the partner’s details (as Merged Partner, merged in later)',
        ),
      ).toMatchObject({ changes: [{ label: 'Zone', from: 'Not given', to: 'East' }] });
      expect(
        entries
          .filter((e) => e.source === 'change' && String(e.summary).startsWith('Added the partner'))
          .map((e) => e.summary),
      ).toEqual(['Added the partner (as Merged Partner, merged in later)', 'Added the partner']);
    });

    it('answers 404 for an unknown partner', async () => {
      expect((await get('/api/partners/00000000-0000-4000-8000-000000000000/timeline')).status).toBe(404);
    });
  });
});

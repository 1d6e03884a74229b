import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, coordinatorPermissions, donations, partnerContacts, partners, tasks } from '#server/db/schema';
import { zonedDate } from '#shared/time-zone';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { partnersTestApi, type PartnerJson } from '#test-support/features/partners-test-api';

interface ContactJson {
  id: string;
  kind: string;
  contactDate: string;
  body: string;
  createdBy: string | null;
}
interface TimelineEntryJson {
  source: string;
  key: string;
  at: string;
  [field: string]: unknown;
}
interface TimelineJson {
  entries: TimelineEntryJson[];
  nextCursor: string | null;
}

// The contact log and the timeline of a partner (issue 20 item 1, decision 0115).
describe.each(testDatabaseTargets())('the partner contact log on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let coordinator: string;
  let colleague: string;
  let blocked: string;
  let coordinatorId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    coordinatorId = (await t.createUser({ email: 'helper@example.org', password: 'helper-secret' })).id;
    await t.createUser({ email: 'colleague@example.org', password: 'colleague-secret' });
    const b = await t.createUser({ email: 'no-partners@example.org', password: 'blocked-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: b.id, feature: 'partners', enabled: false });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    colleague = await t.signIn('colleague@example.org', 'colleague-secret');
    blocked = await t.signIn('no-partners@example.org', 'blocked-secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  const { get, create } = partnersTestApi(
    () => t,
    () => coordinator,
  );
  const log = (partnerId: string, body: Record<string, unknown>, cookie = coordinator) =>
    t.postJson(`/api/partners/${partnerId}/contacts`, { timeZone: 'UTC', ...body }, { cookie });
  const logged = async (partnerId: string, body: Record<string, unknown>, cookie = coordinator) => {
    const response = await log(partnerId, body, cookie);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { contact: ContactJson; lastContact: string | null };
  };
  const remove = (partnerId: string, contactId: string, cookie = coordinator) =>
    t.sendJson('DELETE', `/api/partners/${partnerId}/contacts/${contactId}`, undefined, { cookie });
  const lastContactOf = async (partnerId: string) =>
    ((await (await get(`/api/partners/${partnerId}`)).json()) as { partner: PartnerJson }).partner.lastContact;
  const contactCount = async (partnerId: string) =>
    (await t.db.select({ n: count() }).from(partnerContacts).where(eq(partnerContacts.partnerId, partnerId)))[0]!.n;
  const timeline = async (partnerId: string, cookie = coordinator, cursor?: string) => {
    const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
    const response = await get(`/api/partners/${partnerId}/timeline${query}`, cookie);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as TimelineJson;
  };
  const newPartner = (name: string) =>
    create({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org` });

  describe('logging a contact', () => {
    it('stores the kind, date, text and author, records one change, and sets last contact', async () => {
      const partner = await newPartner('Ruth Miller');
      const before = (await t.db.select({ n: count() }).from(activity))[0]!.n;
      const { contact, lastContact } = await logged(partner.id, {
        kind: 'call',
        date: '2025-03-01',
        body: '  Called to say thank you.  ',
      });
      expect(contact).toMatchObject({
        kind: 'call',
        contactDate: '2025-03-01',
        body: 'Called to say thank you.',
        createdBy: coordinatorId,
      });
      expect(lastContact).toBe('2025-03-01');
      expect(await lastContactOf(partner.id)).toBe('2025-03-01');
      const records = await t.db.select().from(activity).where(eq(activity.subjectId, contact.id));
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ action: 'partner.contact_logged', subjectType: 'partner_contact' });
      expect((await t.db.select({ n: count() }).from(activity))[0]!.n).toBe(before + 1);
    });

    it('keeps last contact at the latest date whatever order contacts are logged and deleted in', async () => {
      const partner = await newPartner('Boaz Smith');
      const march = await logged(partner.id, { kind: 'visit', date: '2025-03-01', body: 'Visit' });
      const may = await logged(partner.id, { kind: 'letter', date: '2025-05-01', body: 'Letter' });
      const january = await logged(partner.id, { kind: 'note', date: '2025-01-01', body: 'Older note' });
      expect(january.lastContact).toBe('2025-05-01');
      expect(await lastContactOf(partner.id)).toBe('2025-05-01');

      const deleted = await remove(partner.id, may.contact.id);
      expect(deleted.status).toBe(200);
      expect(await deleted.json()).toEqual({ id: may.contact.id, lastContact: '2025-03-01' });
      expect(await lastContactOf(partner.id)).toBe('2025-03-01');
      await remove(partner.id, march.contact.id);
      await remove(partner.id, january.contact.id);
      expect(await lastContactOf(partner.id)).toBeNull();
      const deletions = await t.db
        .select()
        .from(activity)
        .where(and(eq(activity.action, 'partner.contact_deleted'), eq(activity.subjectId, may.contact.id)));
      expect(deletions).toHaveLength(1);
    });

    it.each([
      [{ kind: 'phone', date: '2025-03-01', body: 'x' }, 'Please choose what kind of contact it was'],
      [{ kind: 'call', date: '2025-03-01', body: '   ' }, 'Please describe the contact'],
      [{ kind: 'call', date: '2025-03-01' }, 'Please describe the contact'],
      [{ kind: 'call', date: '2025-03-01', body: 'x'.repeat(2001) }, 'The text must be 2000 characters or less'],
      [{ kind: 'call', body: 'x' }, 'Please enter the date of the contact'],
      [{ kind: 'call', date: '2025-02-29', body: 'x' }, 'Please enter a valid date'],
      [{ kind: 'call', date: '01/03/2025', body: 'x' }, 'Please enter a valid date'],
      [{ kind: 'call', date: '1899-12-31', body: 'x' }, 'The date cannot be before 1900'],
      [{ kind: 'call', date: '2025-03-01', body: 'x', timeZone: 'Mars/Olympus' }, 'Unknown time zone'],
    ])('refuses %j with 400 %j and stores nothing', async (body, message) => {
      const partner = await newPartner(`Refused ${message.length}`);
      const response = await log(partner.id, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await contactCount(partner.id)).toBe(0);
      expect(await lastContactOf(partner.id)).toBeNull();
    });

    it("accepts 1900-01-01 and today in the person's zone, and refuses a day after today there", async () => {
      const partner = await newPartner('Zone Keeper');
      await logged(partner.id, { kind: 'note', date: '1900-01-01', body: 'Oldest' });
      // Kiritimati is always a calendar day ahead of Pago Pago (UTC+14 and UTC-11).
      const kiritimatiToday = zonedDate(new Date(), 'Pacific/Kiritimati');
      await logged(partner.id, { kind: 'call', date: kiritimatiToday, body: 'Today', timeZone: 'Pacific/Kiritimati' });
      const early = await log(partner.id, {
        kind: 'call',
        date: kiritimatiToday,
        body: 'x',
        timeZone: 'Pacific/Pago_Pago',
      });
      expect(early.status).toBe(400);
      expect(((await early.json()) as { error: string }).error).toBe('The date cannot be after today');
      expect(await contactCount(partner.id)).toBe(2);
    });

    it('answers 404 for an unknown partner and an unknown entry', async () => {
      const missing = await log('00000000-0000-4000-8000-000000000000', {
        kind: 'call',
        date: '2025-03-01',
        body: 'x',
      });
      expect(missing.status).toBe(404);
      const partner = await newPartner('No Entry');
      expect((await remove(partner.id, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });

  describe('who may do what', () => {
    it('refuses a coordinator without the partners permission everything, and writes nothing', async () => {
      const partner = await newPartner('Closed Door');
      const { contact } = await logged(partner.id, { kind: 'call', date: '2025-03-01', body: 'Mine' });
      expect((await log(partner.id, { kind: 'call', date: '2025-03-02', body: 'x' }, blocked)).status).toBe(403);
      expect((await remove(partner.id, contact.id, blocked)).status).toBe(403);
      expect((await get(`/api/partners/${partner.id}/timeline`, blocked)).status).toBe(403);
      expect((await get(`/api/partners/${partner.id}/tasks`, blocked)).status).toBe(403);
      expect(await contactCount(partner.id)).toBe(1);
      expect((await t.request(`/api/partners/${partner.id}/timeline`)).status).toBe(401);
    });

    it('lets the author and an admin delete an entry; anyone else gets 403 and the entry stays', async () => {
      const partner = await newPartner('Shared Partner');
      const first = await logged(partner.id, { kind: 'call', date: '2025-03-01', body: 'By the helper' });
      const second = await logged(partner.id, { kind: 'call', date: '2025-03-02', body: 'Also by the helper' });
      const refused = await remove(partner.id, first.contact.id, colleague);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toBe(
        'Only the person who logged this contact or an admin can delete it.',
      );
      expect(await contactCount(partner.id)).toBe(2);
      // The colleague's view says so: no delete on someone else's entry.
      const seen = (await timeline(partner.id, colleague)).entries.filter((e) => e.source === 'contact');
      expect(seen.map((e) => e.canDelete)).toEqual([false, false]);
      expect((await remove(partner.id, first.contact.id, coordinator)).status).toBe(200);
      expect((await remove(partner.id, second.contact.id, admin)).status).toBe(200);
      expect(await contactCount(partner.id)).toBe(0);
    });
  });

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
        changes: [{ label: 'Phone', from: 'None', to: '555-0100' }],
      });
      expect(forAdmin.entries.find((e) => e.source === 'change' && e.summary === 'Added the partner')).toMatchObject({
        changes: [],
      });
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
          changes: [{ label: 'Zone', from: 'None', to: 'East' }],
        }),
      ]);
      expect(entries.find((e) => e.source === 'change' && e.summary === 'Changed the partner’s details')).toMatchObject(
        {
          changes: [{ label: 'Zone', from: 'None', to: 'East' }],
        },
      );
      expect(entries.filter((e) => e.source === 'change' && e.summary === 'Added the partner')).toHaveLength(2);
    });

    it('answers 404 for an unknown partner', async () => {
      expect((await get('/api/partners/00000000-0000-4000-8000-000000000000/timeline')).status).toBe(404);
    });
  });

  describe('follow-ups', () => {
    it('creates a task linked to the partner that the board, the partner and the dashboard show', async () => {
      const partner = await newPartner('Esther Kim');
      const response = await t.postJson(
        '/api/tasks',
        {
          title: 'Follow up with Esther Kim',
          dueDate: '2030-01-02',
          priority: 'high',
          assignedTo: coordinatorId,
          partnerId: partner.id,
        },
        { cookie: colleague },
      );
      expect(response.status).toBe(201);
      const { task } = (await response.json()) as { task: { id: string; partnerId: string } };
      expect(task.partnerId).toBe(partner.id);

      const board = (await (await get('/api/tasks')).json()) as {
        active: { id: string; partnerId: string | null; partnerName: string | null }[];
      };
      expect(board.active.find((x) => x.id === task.id)).toMatchObject({
        partnerId: partner.id,
        partnerName: 'Esther Kim',
      });

      const open = (await (await get(`/api/partners/${partner.id}/tasks`)).json()) as { tasks: { id: string }[] };
      expect(open.tasks.map((x) => x.id)).toEqual([task.id]);
      await t.sendJson('PATCH', `/api/tasks/${task.id}`, { status: 'completed' }, { cookie: coordinator });
      expect(((await (await get(`/api/partners/${partner.id}/tasks`)).json()) as { tasks: unknown[] }).tasks).toEqual(
        [],
      );
      const events = (await timeline(partner.id)).entries.filter((e) => e.source === 'task').map((e) => e.event);
      expect(events).toEqual(['completed', 'created']);
    });

    it('shows a follow-up in Upcoming Tasks with its partner', async () => {
      const partner = await newPartner('Upcoming Partner');
      await t.db.delete(tasks);
      await t.postJson(
        '/api/tasks',
        { title: 'Call Upcoming Partner', dueDate: '2030-01-01', partnerId: partner.id },
        { cookie: admin },
      );
      const summary = (await (await get('/api/dashboard/summary?tz=UTC', admin)).json()) as {
        upcomingTasks: { title: string; partnerName: string | null }[];
      };
      expect(summary.upcomingTasks).toEqual([
        expect.objectContaining({ title: 'Call Upcoming Partner', partnerName: 'Upcoming Partner' }),
      ]);
    });

    it('refuses a follow-up for an unknown partner, or from someone without partners, and writes nothing', async () => {
      const before = (await t.db.select({ n: count() }).from(tasks))[0]!.n;
      const unknown = await t.postJson(
        '/api/tasks',
        { title: 'Ghost', partnerId: '00000000-0000-4000-8000-000000000000' },
        { cookie: coordinator },
      );
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { error: string }).error).toBe('Partner not found');
      const partner = await newPartner('Guarded Partner');
      const refused = await t.postJson('/api/tasks', { title: 'Sneaky', partnerId: partner.id }, { cookie: blocked });
      expect(refused.status).toBe(403);
      expect((await t.db.select({ n: count() }).from(tasks))[0]!.n).toBe(before);
      // Their board names no partner (they may not see partners).
      await t.postJson('/api/tasks', { title: 'Linked', partnerId: partner.id }, { cookie: coordinator });
      const board = (await (await get('/api/tasks', blocked)).json()) as {
        active: { title: string; partnerName: string | null }[];
      };
      expect(board.active.find((x) => x.title === 'Linked')?.partnerName).toBeNull();
    });
  });

  it('keeps partners.last_contact out of reach of the partner form', async () => {
    const partner = await newPartner('Form Only');
    await t.sendJson(
      'PUT',
      `/api/partners/${partner.id}`,
      { name: 'Form Only', email: partner.email, lastContact: '2025-01-01' },
      { cookie: coordinator },
    );
    const [row] = await t.db
      .select({ lastContact: partners.lastContact })
      .from(partners)
      .where(eq(partners.id, partner.id));
    expect(row!.lastContact).toBeNull();
  });
});

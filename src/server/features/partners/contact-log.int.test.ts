import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, partners } from '#server/db/schema';
import { zonedDate } from '#shared/time-zone';
import { testDatabaseTargets, type TestApp } from '#test-support/test-database';
import {
  contactLogTestApi,
  openContactLogFixture,
  type ContactLogFixture,
} from '#test-support/features/contact-log-test-api';

// The contact log of a partner (issue 20 item 1, decision 0115): logging and deleting contacts,
// who may do what, and the last contact they keep. The timeline and follow-ups have files of their own.
describe.each(testDatabaseTargets())('the partner contact log on $name', (target) => {
  let fixture: ContactLogFixture;
  let t: TestApp;
  let admin: string;
  let coordinator: string;
  let colleague: string;
  let blocked: string;
  let coordinatorId: string;

  beforeAll(async () => {
    fixture = await openContactLogFixture(target);
    ({ t, coordinatorId } = fixture);
    ({ admin, coordinator, colleague, blocked } = fixture.cookies);
  });
  afterAll(async () => {
    await fixture?.t.close();
  });

  const { get, log, logged, remove, lastContactOf, contactCount, timeline, newPartner } = contactLogTestApi(
    () => fixture,
  );

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

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, partners } from '#server/db/schema';
import { readSse } from '#test-support/sse';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { partnersTestApi, type PartnerJson } from '#test-support/features/partners-test-api';
import { PARTNER_CHANGED_MEANWHILE } from '#shared/schemas/partners';

// Access, adding, editing and the realtime notice (search, filters and pages
// are in partner-search.int.test.ts).
describe.each(testDatabaseTargets())('partners API on $name', (target) => {
  let t: TestApp;
  let admin: string;
  let coordinator: string;
  let blocked: string;
  let coordinatorId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    const c = await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    coordinatorId = c.id;
    const b = await t.createUser({ email: 'no-partners@example.org', password: 'blocked-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: b.id, feature: 'partners', enabled: false });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    blocked = await t.signIn('no-partners@example.org', 'blocked-secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  const { get, put, create } = partnersTestApi(
    () => t,
    () => coordinator,
  );
  const partnerCount = async () => (await t.db.select({ n: count() }).from(partners))[0]!.n;

  describe('access', () => {
    it('answers 401 without a session, for reads and writes', async () => {
      expect((await t.request('/api/partners')).status).toBe(401);
      expect((await t.postJson('/api/partners', { name: 'X', email: 'x@example.org' })).status).toBe(401);
      expect(await partnerCount()).toBe(0);
    });

    it('answers 403 to a coordinator whose partners switch is off, and writes nothing', async () => {
      const response = await get('/api/partners', blocked);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'You do not have permission to do this.' });
      expect(
        (await t.postJson('/api/partners', { name: 'X', email: 'x@example.org' }, { cookie: blocked })).status,
      ).toBe(403);
      expect(await partnerCount()).toBe(0);
    });
  });

  describe('adding', () => {
    it('creates a partner for any coordinator with the permission; empty optional fields become null', async () => {
      const partner = await create({
        name: '  Hope Fellowship ',
        email: ' office@hope.example ',
        phone: '',
        location: '   ',
        coordinator: '',
        notes: '',
        zone: '',
      });
      expect(partner).toMatchObject({
        name: 'Hope Fellowship',
        email: 'office@hope.example',
        phone: null,
        location: null,
        status: 'active',
        coordinator: null,
        notes: null,
        zone: null,
        cardholderStatus: false,
        lastContact: null,
      });
      const [row] = await t.db.select().from(partners).where(eq(partners.id, partner.id));
      expect(row).toMatchObject({ userId: coordinatorId, phone: null, location: null, notes: null, zone: null });
    });

    it('stores every field of the form', async () => {
      const input = {
        name: 'Esther Kim',
        email: 'esther.kim@example.com',
        phone: '(555) 0100-1000',
        location: 'Lubbock, TX',
        status: 'inactive',
        coordinator: 'Sarah Johnson',
        notes: 'Prefers email. <b>not bold</b>',
        zone: 'West',
        cardholderStatus: true,
      };
      const partner = await create(input, admin);
      expect(partner).toMatchObject({ ...input, lastContact: null });
      const response = await get(`/api/partners/${partner.id}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { partner: PartnerJson }).partner).toMatchObject(input);
    });

    it('takes no last contact from the form: it follows the contact log (issue 20)', async () => {
      const partner = await create({ name: 'Typed Date', email: 'typed@example.org', lastContact: '2025-01-15' });
      expect(partner.lastContact).toBeNull();
      const response = await put(`/api/partners/${partner.id}`, {
        name: 'Typed Date',
        email: 'typed@example.org',
        lastContact: '2025-02-01',
      });
      expect(((await response.json()) as { partner: PartnerJson }).partner.lastContact).toBeNull();
    });

    it.each([
      [{ email: 'a@example.org' }, 'Name is required'],
      [{ name: '   ', email: 'a@example.org' }, 'Name is required'],
      [{ name: 'A' }, 'Invalid email address'],
      [{ name: 'A', email: 'not-an-email' }, 'Invalid email address'],
      [{ name: 'x'.repeat(101), email: 'a@example.org' }, 'Name must be 100 characters or less'],
      [{ name: 'A', email: `${'a'.repeat(250)}@x.org` }, 'Email must be 255 characters or less'],
      [{ name: 'A', email: 'a@example.org', phone: '1'.repeat(21) }, 'Phone must be 20 characters or less'],
      [{ name: 'A', email: 'a@example.org', location: 'l'.repeat(201) }, 'Location must be 200 characters or less'],
      [
        { name: 'A', email: 'a@example.org', coordinator: 'c'.repeat(101) },
        'Coordinator must be 100 characters or less',
      ],
      [{ name: 'A', email: 'a@example.org', notes: 'n'.repeat(1001) }, 'Notes must be 1000 characters or less'],
      [{ name: 'A', email: 'a@example.org', status: 'archived' }, 'Status must be active or inactive'],
    ])('refuses %j with 400 %j and stores nothing', async (body, message) => {
      const before = await partnerCount();
      const response = await t.postJson('/api/partners', body, { cookie: coordinator });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await partnerCount()).toBe(before);
    });

    it('refuses a body that is not JSON', async () => {
      const before = await partnerCount();
      const response = await t.request('/api/partners', {
        method: 'POST',
        headers: { cookie: coordinator, 'content-type': 'application/json' },
        body: '{"name": ',
      });
      expect(response.status).toBe(400);
      expect(await partnerCount()).toBe(before);
    });
  });

  describe('editing', () => {
    it('replaces the fields, keeps the creator, and 404s for an unknown partner', async () => {
      const partner = await create({ name: 'Peter Nguyen', email: 'peter@example.com', zone: 'North' }, admin);
      const response = await put(`/api/partners/${partner.id}`, {
        name: 'Peter Nguyen Jr.',
        email: 'peter.jr@example.com',
        phone: '555-0199',
        status: 'inactive',
        zone: '',
        cardholderStatus: true,
      });
      expect(response.status).toBe(200);
      const updated = ((await response.json()) as { partner: PartnerJson }).partner;
      expect(updated).toMatchObject({
        id: partner.id,
        name: 'Peter Nguyen Jr.',
        email: 'peter.jr@example.com',
        phone: '555-0199',
        status: 'inactive',
        zone: null,
        cardholderStatus: true,
        lastContact: null,
      });
      const missing = await put('/api/partners/00000000-0000-4000-8000-000000000000', {
        name: 'A',
        email: 'a@example.org',
      });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: 'Partner not found' });
    });

    it('refuses an edit begun before someone else saved the partner (409), and writes nothing', async () => {
      const partner = await create({ name: 'Esther Kim', email: 'esther@example.org' });
      const first = await put(`/api/partners/${partner.id}`, {
        name: 'Esther Kim',
        email: 'esther@example.org',
        phone: '111-1111',
        editedFrom: partner.updatedAt,
      });
      expect(first.status, await first.clone().text()).toBe(200);
      const afterFirst = ((await first.json()) as { partner: PartnerJson }).partner;
      // The second person's edit began from the partner as created: their save would undo the phone.
      const stale = await put(`/api/partners/${partner.id}`, {
        name: 'Esther Kim',
        email: 'esther@example.org',
        notes: 'Edited in tab 2',
        editedFrom: partner.updatedAt,
      });
      expect(stale.status).toBe(409);
      expect(await stale.json()).toEqual({ error: PARTNER_CHANGED_MEANWHILE });
      const [row] = await t.db.select().from(partners).where(eq(partners.id, partner.id));
      expect(row).toMatchObject({ phone: '111-1111', notes: null });
      // Begun from the partner as it now is, the edit is saved; without editedFrom it applies as before.
      const fresh = await put(`/api/partners/${partner.id}`, {
        name: 'Esther Kim',
        email: 'esther@example.org',
        phone: '111-1111',
        notes: 'Edited in tab 2',
        editedFrom: afterFirst.updatedAt,
      });
      expect(fresh.status).toBe(200);
      expect(
        (await put(`/api/partners/${partner.id}`, { name: 'Esther Kim', email: 'esther@example.org' })).status,
      ).toBe(200);
      const bad = await put(`/api/partners/${partner.id}`, {
        name: 'E',
        email: 'e@example.org',
        editedFrom: 'yesterday',
      });
      expect(bad.status).toBe(400);
    });

    it('changes nothing when the edit is invalid', async () => {
      const partner = await create({ name: 'Unchanged Name', email: 'same@example.org' });
      const response = await put(`/api/partners/${partner.id}`, { name: '', email: 'other@example.org' });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe('Name is required');
      const [row] = await t.db.select().from(partners).where(eq(partners.id, partner.id));
      expect(row).toMatchObject({ name: 'Unchanged Name', email: 'same@example.org' });
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      expect((await get('/api/partners/not-a-uuid')).status).toBe(400);
      expect((await get('/api/partners/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });

  describe('realtime', () => {
    it('tells open streams with the partners permission that a partner changed', async () => {
      const response = await t.request('/api/realtime', { headers: { cookie: coordinator } });
      const stream = readSse(response);
      try {
        expect(await stream.next()).toMatchObject({ event: 'ready' });
        const partner = await create({ name: 'Live Partner', email: 'live@example.org' }, admin);
        const message = await stream.next();
        expect(message.event).toBe('partners.changed');
        expect(JSON.parse(message.data)).toEqual({ type: 'partners.changed', partnerId: partner.id });
      } finally {
        await stream.close();
      }
    });
  });
});

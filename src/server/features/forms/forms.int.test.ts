import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, forms } from '#server/db/schema';
import { readSse } from '#test-support/sse';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';

interface FormBody {
  id: string;
  publicToken: string;
  canManage: boolean;
  title: string;
  description: string | null;
  fields: { id: string; label: string; type: string; required: boolean }[];
  createdAt: string;
}

const FIELDS = [
  { id: 'f1', label: 'Full name', type: 'text', required: true },
  { id: 'f2', label: 'Email', type: 'email', required: true },
  { id: 'f3', label: 'Phone', type: 'phone', required: true },
  { id: 'f4', label: 'Prayer request', type: 'textarea', required: true },
  { id: 'f5', label: 'Household size', type: 'number', required: true },
];

describe.each(testDatabaseTargets())('forms API on $name', (target) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let blocked: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    alice = await t.createUser({ email: 'alice@example.org', password: 'alice-secret', role: 'coordinator' });
    bob = await t.createUser({ email: 'bob@example.org', password: 'bob-secret', role: 'admin' });
    blocked = await t.createUser({ email: 'no-more@example.org', password: 'blocked-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: blocked.id, feature: 'more', enabled: false });
    for (const u of [alice, bob, blocked]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const create = (u: TestUser | null, body: unknown) => t.postJson('/api/forms', body, u ? as(u) : {});
  const createOk = async (u: TestUser, body: Record<string, unknown>) => {
    const response = await create(u, body);
    expect(response.status).toBe(201);
    return ((await response.json()) as { form: FormBody }).form;
  };
  const list = async (u: TestUser) => {
    const response = await t.request('/api/forms', { headers: as(u) });
    expect(response.status).toBe(200);
    return ((await response.json()) as { forms: FormBody[] }).forms;
  };
  const formCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(forms))[0]!.n;

  describe('without a session or the permission', () => {
    it("answers 401, with the builder's message when creating, and writes nothing", async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      for (const response of [
        await t.request('/api/forms'),
        await t.request(`/api/forms/${id}`),
        await t.request(`/api/forms/${id}`, { method: 'DELETE' }),
      ]) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ error: 'Not authenticated' });
      }
      const creating = await create(null, { title: 'Sign-up', fields: FIELDS });
      expect(creating.status).toBe(401);
      expect(await creating.json()).toEqual({ error: 'You must be logged in to create forms' });
      expect(await formCount()).toBe(0);
    });

    it("answers 403 to a coordinator whose 'More (Forms)' switch is off, and writes nothing", async () => {
      const mine = await createOk(alice, { title: 'Guarded form', fields: FIELDS });
      for (const response of [
        await t.request('/api/forms', { headers: as(blocked) }),
        await t.request(`/api/forms/${mine.id}`, { headers: as(blocked) }),
        await t.request(`/api/forms/${mine.id}`, { method: 'DELETE', headers: as(blocked) }),
        await create(blocked, { title: 'Blocked form', fields: FIELDS }),
      ]) {
        expect(response.status).toBe(403);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ error: 'You do not have permission to do this.' });
        expect(text).not.toContain('Guarded form');
      }
      expect(await formCount()).toBe(1);
    });
  });

  describe('creating', () => {
    it('stores the form with every field type, in order, all required, and trimmed', async () => {
      const form = await createOk(alice, {
        title: '  Volunteer sign-up ',
        description: ' For the summer outreach ',
        fields: FIELDS.map(({ required: _, ...f }) => ({ ...f, label: ` ${f.label} ` })),
      });
      expect(form).toMatchObject({
        title: 'Volunteer sign-up',
        description: 'For the summer outreach',
        fields: FIELDS,
      });
      const [row] = await t.db.select().from(forms).where(eq(forms.id, form.id));
      expect(row).toMatchObject({ userId: alice.id, title: 'Volunteer sign-up', fields: FIELDS });
    });

    it('stores an empty description as null', async () => {
      const form = await createOk(alice, { title: 'No description', description: '', fields: [FIELDS[0]] });
      expect(form.description).toBeNull();
    });

    const tooMany = Array.from({ length: 51 }, (_, i) => ({ id: `f${i}`, label: `Q${i}`, type: 'text' }));
    const invalid: [string, unknown, string][] = [
      ['a missing title', { fields: FIELDS }, 'Please enter a form title'],
      ['a blank title', { title: '  ', fields: FIELDS }, 'Please enter a form title'],
      [
        'a title over 200 characters',
        { title: 'x'.repeat(201), fields: FIELDS },
        'The form title can be at most 200 characters',
      ],
      [
        'a description over 2000 characters',
        { title: 'Long', description: 'x'.repeat(2001), fields: FIELDS },
        'The description can be at most 2000 characters',
      ],
      ['missing fields', { title: 'Empty' }, 'Please add at least one field'],
      ['no fields', { title: 'Empty', fields: [] }, 'Please add at least one field'],
      [
        'a field without a label',
        { title: 'Blank label', fields: [{ id: 'a', type: 'text' }] },
        'Please enter a field label',
      ],
      [
        'a blank field label',
        { title: 'Blank label', fields: [{ id: 'a', label: ' ', type: 'text' }] },
        'Please enter a field label',
      ],
      [
        'a field label over 200 characters',
        { title: 'Long label', fields: [{ id: 'a', label: 'x'.repeat(201), type: 'text' }] },
        'A field label can be at most 200 characters',
      ],
      [
        'an unknown field type',
        { title: 'Signatures', fields: [{ id: 'a', label: 'Sign here', type: 'signature' }] },
        'Please choose a field type: Text, Email, Phone, Long Text, Number, Single Choice, Multiple Choice or Date',
      ],
      [
        'a choice field with one option',
        { title: 'Choice', fields: [{ id: 'a', label: 'Pick', type: 'single_choice', options: ['Only'] }] },
        'Pick needs at least two options',
      ],
      [
        'options on a text field',
        { title: 'Text', fields: [{ id: 'a', label: 'Name', type: 'text', options: ['A', 'B'] }] },
        'Only choice fields have options',
      ],
      [
        'a number field whose minimum is over its maximum',
        { title: 'Guests', fields: [{ id: 'a', label: 'Guests', type: 'number', min: 5, max: 1 }] },
        'The minimum of Guests is more than its maximum',
      ],
      [
        'a minimum on a text field',
        { title: 'Text', fields: [{ id: 'a', label: 'Name', type: 'text', min: 1 }] },
        'Only number fields have a minimum, maximum or whole numbers',
      ],
      [
        'a field without an id',
        { title: 'No id', fields: [{ label: 'Name', type: 'text' }] },
        'Each field needs an id',
      ],
      [
        'two fields with one id',
        { title: 'Twins', fields: [FIELDS[0], { ...FIELDS[1], id: 'f1' }] },
        'Each field needs its own id',
      ],
      ['more than 50 fields', { title: 'Huge', fields: tooMany }, 'A form can have at most 50 fields'],
    ];
    it.each(invalid)('refuses %s with 400 and writes nothing', async (_, body, message) => {
      const before = await formCount();
      const response = await create(alice, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await formCount()).toBe(before);
    });

    it('reports the title first when several things are missing, as the builder does', async () => {
      const response = await create(alice, { title: '', fields: [] });
      expect(await response.json()).toMatchObject({ error: 'Please enter a form title' });
    });
  });

  describe('reading and deleting', () => {
    it("lists every form of the team, newest first, with its creator and the viewer's rights", async () => {
      const older = await createOk(bob, { title: 'Bob first', fields: FIELDS });
      const newer = await createOk(bob, { title: 'Bob second', fields: FIELDS });
      const bobs = await list(bob);
      expect(bobs.slice(0, 2).map((f) => f.id)).toEqual([newer.id, older.id]);
      const seenByAlice = await list(alice);
      const bobsForm = seenByAlice.find((f) => f.id === newer.id)!;
      expect(bobsForm).toMatchObject({
        title: 'Bob second',
        createdBy: { id: bob.id },
        status: 'open',
        responseCount: 0,
        version: 1,
        closesAt: null,
        responseLimit: null,
        canManage: false,
      });
      expect(bobsForm.publicToken).toMatch(/^[0-9a-f]{64}$/);
      expect(bobs.find((f) => f.id === newer.id)!.canManage).toBe(true);
    });

    it("lets anyone with 'more' read another person's form; a missing one is 404", async () => {
      const alices = await createOk(alice, { title: "Alice's team form", fields: FIELDS });
      const byBob = await t.request(`/api/forms/${alices.id}`, { headers: as(bob) });
      expect(byBob.status).toBe(200);
      expect(((await byBob.json()) as { form: FormBody }).form).toMatchObject({ id: alices.id, canManage: true });
      const missing = await t.request('/api/forms/6f1c2a8e-0c5d-4d7e-9a44-1f1e2d3c4b5a', { headers: as(bob) });
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: 'Form not found' });
    });

    it('lets the creator or an admin delete a form, and refuses anyone else with 403', async () => {
      const bobs = await createOk(bob, { title: 'Delete test', fields: FIELDS });
      const byAlice = await t.request(`/api/forms/${bobs.id}`, { method: 'DELETE', headers: as(alice) });
      expect(byAlice.status).toBe(403);
      expect(await byAlice.json()).toEqual({
        error: 'Only the person who created this form, or an admin, can change it.',
      });
      expect(await t.db.select().from(forms).where(eq(forms.id, bobs.id))).toHaveLength(1);

      const byBob = await t.request(`/api/forms/${bobs.id}`, { method: 'DELETE', headers: as(bob) });
      expect(byBob.status).toBe(200);
      expect(await t.db.select().from(forms).where(eq(forms.id, bobs.id))).toHaveLength(0);

      const alices = await createOk(alice, { title: 'Admin deletes', fields: FIELDS });
      const byAdmin = await t.request(`/api/forms/${alices.id}`, { method: 'DELETE', headers: as(bob) });
      expect(byAdmin.status).toBe(200);
      expect(await t.db.select().from(forms).where(eq(forms.id, alices.id))).toHaveLength(0);
    });

    it('answers 400 for a malformed id', async () => {
      const response = await t.request('/api/forms/not-an-id', { headers: as(alice) });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'Invalid form id' });
    });
  });

  describe('realtime', () => {
    it("tells everyone holding 'more' about a new form, and not those without it", async () => {
      const open = async (u: TestUser) => {
        const reader = readSse(await t.app.request('/api/realtime', { headers: as(u) }));
        expect(await reader.next()).toMatchObject({ event: 'ready' });
        return reader;
      };
      const aliceTab = await open(alice);
      const bobTab = await open(bob);
      const blockedTab = await open(blocked);
      try {
        const form = await createOk(alice, { title: 'Live form', fields: FIELDS });
        for (const tab of [aliceTab, bobTab]) {
          // On PostgreSQL an earlier test's announcement about another form (every holder of
          // 'more' hears of every form) may still be on its way when the tab opens: skip those.
          let event = await tab.next();
          for (let late = 0; late < 5 && event.event === 'forms.changed'; late++) {
            if ((JSON.parse(event.data) as { formId: string }).formId === form.id) break;
            event = await tab.next();
          }
          expect(event.event).toBe('forms.changed');
          expect(JSON.parse(event.data)).toEqual({ type: 'forms.changed', formId: form.id });
        }

        // The sentinel is the first thing the tab without 'more' hears: the form never reached it.
        await t.deps.bus.publish({ everyone: true }, { type: 'permissions.changed', userId: 'sentinel' });
        expect(JSON.parse((await blockedTab.next()).data)).toEqual({ type: 'permissions.changed', userId: 'sentinel' });
      } finally {
        await aliceTab.close();
        await bobTab.close();
        await blockedTab.close();
      }
    });
  });
});

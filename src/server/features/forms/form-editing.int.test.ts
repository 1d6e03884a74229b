import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, forms } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';

interface TeamFormBody {
  id: string;
  title: string;
  fields: { id: string; label: string; type: string; required: boolean; options?: string[] }[];
  status: 'open' | 'closed';
  publicToken: string;
  closesAt: string | null;
  responseLimit: number | null;
  thankYouMessage: string | null;
  version: number;
  canManage: boolean;
  createdBy: { id: string; name: string } | null;
}

const FIELDS = [
  { id: 'name', label: 'Full name', type: 'text' },
  { id: 'size', label: 'Household size', type: 'number' },
];

describe.each(testDatabaseTargets())('editing team forms on $name', (target) => {
  let t: TestApp;
  let carol: TestUser;
  let dave: TestUser;
  let admin: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    carol = await t.createUser({ email: 'carol@example.org', password: 'carol-secret', fullName: 'Carol Creator' });
    dave = await t.createUser({ email: 'dave@example.org', password: 'dave-secret' });
    admin = await t.createUser({ email: 'root@example.org', password: 'root-secret', role: 'admin' });
    for (const u of [carol, dave, admin]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const create = async (title = 'Volunteer sign-up') => {
    const response = await t.postJson('/api/forms', { title, fields: FIELDS }, as(carol));
    expect(response.status).toBe(201);
    return ((await response.json()) as { form: TeamFormBody }).form;
  };
  const editable = (form: TeamFormBody) => ({
    version: form.version,
    title: form.title,
    description: null,
    fields: form.fields,
    status: form.status,
    closesAt: form.closesAt,
    responseLimit: form.responseLimit,
    thankYouMessage: form.thankYouMessage,
  });
  const put = (u: TestUser, id: string, body: unknown) => t.sendJson('PUT', `/api/forms/${id}`, body, as(u));
  const stored = async (id: string) => (await t.db.select().from(forms).where(eq(forms.id, id)))[0]!;
  const changes = async (id: string) =>
    t.db
      .select()
      .from(activity)
      .where(and(eq(activity.subjectType, 'form'), eq(activity.subjectId, id)));

  it('saves the whole form for its creator: fields reordered, retyped, optional, with options; settings', async () => {
    const form = await create();
    const body = {
      ...editable(form),
      title: 'Summer volunteers',
      fields: [
        { id: 'size', label: 'People coming', type: 'number', required: false },
        { id: 'name', label: 'Your name', type: 'text', required: true },
        { id: 'role', label: 'Role', type: 'single_choice', options: ['Kitchen', 'Music'] },
        { id: 'when', label: 'Arrival', type: 'date' },
      ],
      closesAt: '2030-06-01T12:00:00.000Z',
      responseLimit: 40,
      thankYouMessage: 'See you there!',
    };
    const response = await put(carol, form.id, body);
    expect(response.status).toBe(200);
    const saved = ((await response.json()) as { form: TeamFormBody }).form;
    expect(saved).toMatchObject({
      title: 'Summer volunteers',
      version: 2,
      responseLimit: 40,
      thankYouMessage: 'See you there!',
      publicToken: form.publicToken,
    });
    expect(new Date(saved.closesAt!).toISOString()).toBe('2030-06-01T12:00:00.000Z');
    expect(saved.fields.map((f) => [f.id, f.type, f.required])).toEqual([
      ['size', 'number', false],
      ['name', 'text', true],
      ['role', 'single_choice', true],
      ['when', 'date', true],
    ]);
    expect((await stored(form.id)).version).toBe(2);
    const recorded = await changes(form.id);
    expect(recorded.map((c) => c.action).sort()).toEqual(['form.created', 'form.updated']);
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const form = await create('Stale test');
    expect((await put(carol, form.id, { ...editable(form), title: 'First save' })).status).toBe(200);
    const second = await put(admin, form.id, { ...editable(form), title: 'Second save' });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      error: 'This form was changed by someone else. Reload it to see the changes.',
    });
    expect(await stored(form.id)).toMatchObject({ title: 'First save', version: 2 });
  });

  it('lets an admin edit, close and reopen; refuses anyone else with 403 and changes nothing', async () => {
    const form = await create('Rights test');
    const byDave = await put(dave, form.id, { ...editable(form), title: 'Taken over' });
    expect(byDave.status).toBe(403);
    expect(await byDave.json()).toEqual({
      error: 'Only the person who created this form, or an admin, can change it.',
    });
    const link = await t.request(`/api/forms/${form.id}/link`, { method: 'POST', headers: as(dave) });
    expect(link.status).toBe(403);
    expect(await stored(form.id)).toMatchObject({ title: 'Rights test', version: 1, publicToken: form.publicToken });

    const closed = await put(admin, form.id, { ...editable(form), status: 'closed' });
    expect(closed.status).toBe(200);
    expect(((await closed.json()) as { form: TeamFormBody }).form.status).toBe('closed');
    const reopened = await put(carol, form.id, { ...editable(form), version: 2, status: 'open' });
    expect(reopened.status).toBe(200);
    const actions = (await changes(form.id)).map((c) => c.action).sort();
    expect(actions).toEqual(['form.closed', 'form.created', 'form.opened']);
  });

  it('"New link" replaces the public token, keeps the version, and keeps tokens out of the log', async () => {
    const form = await create('Link test');
    const response = await t.request(`/api/forms/${form.id}/link`, { method: 'POST', headers: as(carol) });
    expect(response.status).toBe(200);
    const renewed = ((await response.json()) as { form: TeamFormBody }).form;
    expect(renewed.publicToken).toMatch(/^[0-9a-f]{64}$/);
    expect(renewed.publicToken).not.toBe(form.publicToken);
    expect(renewed.version).toBe(form.version);
    const log = JSON.stringify(await changes(form.id));
    expect(log).not.toContain(form.publicToken);
    expect(log).not.toContain(renewed.publicToken);
    expect((await changes(form.id)).filter((c) => c.action === 'form.link_replaced')).toHaveLength(1);
  });

  const invalid: [string, (form: TeamFormBody) => unknown, string][] = [
    ['no version', (f) => ({ ...editable(f), version: undefined }), 'The form version is missing'],
    ['an unknown status', (f) => ({ ...editable(f), status: 'paused' }), 'A form is open or closed'],
    [
      'a closing date that is not one',
      (f) => ({ ...editable(f), closesAt: 'soon' }),
      'Please enter a valid closing date',
    ],
    ['a response limit of 0', (f) => ({ ...editable(f), responseLimit: 0 }), 'The response limit is at least 1'],
    [
      'a choice field with one option',
      (f) => ({ ...editable(f), fields: [{ id: 'c', label: 'Pick', type: 'multiple_choice', options: ['A'] }] }),
      'Pick needs at least two options',
    ],
  ];
  it.each(invalid)('refuses %s with 400 and changes nothing', async (_, body, message) => {
    const form = await create('Invalid test');
    const response = await put(carol, form.id, body(form));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(message);
    expect(await stored(form.id)).toMatchObject({ title: 'Invalid test', version: 1 });
  });

  it('answers 404 for a form that does not exist', async () => {
    const form = await create('Ghost');
    const response = await put(carol, '6f1c2a8e-0c5d-4d7e-9a44-1f1e2d3c4b5a', editable(form));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Form not found' });
  });
});

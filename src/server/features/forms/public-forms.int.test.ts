import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activity,
  coordinatorPermissions,
  emailOutbox,
  formRecipients,
  formResponses,
  forms,
  notifications,
  signInThrottle,
} from '#server/db/schema';
import { ANSWER_MESSAGES, FORM_ERROR_KEY, type StoredAnswer } from '#shared/form-answers';
import { DEFAULT_THANK_YOU, PUBLIC_FORM_UNAVAILABLE } from '#shared/forms';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import { PUBLIC_RESPONSE_RULES } from './public-routes';

/**
 * Issue 21 items 2, 3 and 6: the public form endpoints with no session (every answer rule,
 * limits, honeypot, rate limits, closed, past its date, full under concurrency, revoked, a
 * personal link used twice) and the creator's notice.
 */

const FIELDS = [
  { id: 'name', label: 'Full name', type: 'text' },
  { id: 'email', label: 'Email', type: 'email' },
  { id: 'phone', label: 'Phone', type: 'phone', required: false },
  { id: 'notes', label: 'Notes', type: 'textarea', required: false },
  { id: 'guests', label: 'Guests', type: 'number' },
  { id: 'meal', label: 'Meal', type: 'single_choice', options: ['Fish', 'Vegetarian'] },
  { id: 'days', label: 'Days', type: 'multiple_choice', options: ['Fri', 'Sat', 'Sun'], required: false },
  { id: 'arrive', label: 'Arrival', type: 'date' },
];
const VALID = {
  name: 'Ruth Park',
  email: 'ruth@example.org',
  guests: '2',
  meal: 'Vegetarian',
  days: ['Sun', 'Fri'],
  arrive: '2026-12-24',
};

describe.each(testDatabaseTargets())('public form endpoints on $name', (target) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    alice = await t.createUser({ email: 'alice@example.org', password: 'alice-secret', role: 'coordinator' });
    bob = await t.createUser({ email: 'bob@example.org', password: 'bob-secret', role: 'admin' });
    cookie = await t.signIn(alice.email, alice.password);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(signInThrottle);
  });

  /** A new form of Alice's, and its public token. */
  async function newForm(fields: unknown[] = FIELDS, title = 'Christmas dinner') {
    const response = await t.postJson('/api/forms', { title, description: 'Sign up here', fields }, { cookie });
    expect(response.status).toBe(201);
    const { form } = (await response.json()) as { form: { id: string } };
    const [row] = await t.db.select({ token: forms.publicToken }).from(forms).where(eq(forms.id, form.id));
    return { id: form.id, token: row!.token };
  }

  /** A visitor's POST, from `ip` (the socket's address, as a real connection has one). */
  const answer = (token: string, body: unknown, ip = '203.0.113.7') =>
    t.app.request(
      `/api/public/forms/${token}/responses`,
      {
        method: 'POST',
        headers: { origin: t.deps.config.BASE_URL, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    );
  const responsesOf = async (formId: string) =>
    t.db.select().from(formResponses).where(eq(formResponses.formId, formId));
  const countOf = async (formId: string) =>
    (await t.db.select({ n: forms.responseCount }).from(forms).where(eq(forms.id, formId)))[0]!.n;

  describe('reading a form', () => {
    it('needs no session and shows the ministry, the form, its fields and the thank-you', async () => {
      const form = await newForm();
      const response = await t.request(`/api/public/forms/${form.token}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const { form: view } = (await response.json()) as { form: Record<string, unknown> };
      expect(view).toMatchObject({
        ministryName: 'Ministry Portal',
        title: 'Christmas dinner',
        description: 'Sign up here',
        thankYouMessage: DEFAULT_THANK_YOU,
        recipientName: null,
      });
      expect((view.fields as { id: string }[]).map((f) => f.id)).toEqual(FIELDS.map((f) => f.id));
      expect(view).not.toHaveProperty('id');
    });

    it('answers 404 with the plain reason for an unknown or malformed link', async () => {
      for (const token of ['0'.repeat(64), 'not-a-token', 'A'.repeat(64)]) {
        const response = await t.request(`/api/public/forms/${token}`);
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ reason: 'not_found', error: PUBLIC_FORM_UNAVAILABLE.not_found });
      }
    });
  });

  describe('answering', () => {
    it('stores a valid response without a session: labels kept, one change with the address, the count', async () => {
      const form = await newForm();
      const response = await answer(form.token, { answers: VALID }, '198.51.100.23');
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ thankYouMessage: DEFAULT_THANK_YOU });
      const [stored] = await responsesOf(form.id);
      expect(stored!.partnerId).toBeNull();
      const answers = stored!.answers as StoredAnswer[];
      expect(answers).toContainEqual({ fieldId: 'guests', label: 'Guests', type: 'number', value: 2 });
      // Stored in the form's order of options, whatever order they were ticked in.
      expect(answers).toContainEqual({
        fieldId: 'days',
        label: 'Days',
        type: 'multiple_choice',
        value: ['Fri', 'Sun'],
      });
      expect(answers.map((a) => a.fieldId)).not.toContain('phone');
      expect(await countOf(form.id)).toBe(1);
      const records = await t.db
        .select()
        .from(activity)
        .where(and(eq(activity.action, 'form_response.created'), eq(activity.subjectId, stored!.id)));
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ actorId: null, clientIp: '198.51.100.23', audience: [{ feature: 'more' }] });
    });

    it.each([
      ['a missing required answer', { name: '' }, 'name', ANSWER_MESSAGES.required],
      ['an email that is not one', { email: 'ruth at example' }, 'email', ANSWER_MESSAGES.email],
      ['a phone that is not one', { phone: 'call me' }, 'phone', ANSWER_MESSAGES.phone],
      ['a number that is not one', { guests: 'two' }, 'guests', ANSWER_MESSAGES.number],
      ['a date that is not one', { arrive: '2026-02-30' }, 'arrive', ANSWER_MESSAGES.date],
      ['an option the form does not offer', { meal: 'Beef' }, 'meal', ANSWER_MESSAGES.single_choice],
      ['options the form does not offer', { days: ['Mon'] }, 'days', ANSWER_MESSAGES.multiple_choice],
      ['several options for a single choice', { meal: ['Fish'] }, 'meal', ANSWER_MESSAGES.single_choice],
      ['text over its limit', { name: 'x'.repeat(501) }, 'name', ANSWER_MESSAGES.tooLong(500)],
      ['long text over its limit', { notes: 'x'.repeat(5001) }, 'notes', ANSWER_MESSAGES.tooLong(5000)],
      ['a number as text for a text field', { name: 42 }, 'name', ANSWER_MESSAGES.text],
      ['an unknown field', { extra: 'x' }, FORM_ERROR_KEY, ANSWER_MESSAGES.unknownField],
    ])('refuses %s next to the field and stores nothing', async (_case, change, fieldId, message) => {
      const form = await newForm();
      const response = await answer(form.token, { answers: { ...VALID, ...change } });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; fieldErrors: Record<string, string> };
      expect(body.fieldErrors).toEqual({ [fieldId]: message });
      expect(body.error.length).toBeGreaterThan(0);
      expect(await responsesOf(form.id)).toEqual([]);
      expect(await countOf(form.id)).toBe(0);
    });

    it("holds a number to the field's minimum, maximum and whole numbers, which the public page is given (decision 0164)", async () => {
      const limited = FIELDS.map((f) => (f.id === 'guests' ? { ...f, min: 1, max: 8, wholeNumber: true } : f));
      const form = await newForm(limited);
      const view = (await (await t.request(`/api/public/forms/${form.token}`)).json()) as {
        form: { fields: Record<string, unknown>[] };
      };
      expect(view.form.fields.find((f) => f.id === 'guests')).toMatchObject({ min: 1, max: 8, wholeNumber: true });
      for (const guests of ['0', '9', '2.5', -1]) {
        const response = await answer(form.token, { answers: { ...VALID, guests } });
        expect(response.status, String(guests)).toBe(400);
        const body = (await response.json()) as { fieldErrors: Record<string, string> };
        expect(body.fieldErrors).toEqual({ guests: 'Please enter a whole number from 1 to 8' });
      }
      expect(await responsesOf(form.id)).toEqual([]);
      expect((await answer(form.token, { answers: { ...VALID, guests: '8' } })).status).toBe(201);
      const [stored] = await responsesOf(form.id);
      expect(stored!.answers as StoredAnswer[]).toContainEqual({
        fieldId: 'guests',
        label: 'Guests',
        type: 'number',
        value: 8,
      });
    });

    it('refuses a body that is not a response, and one over the request limit (413)', async () => {
      const form = await newForm();
      for (const body of ['not json', { answers: 'none' }, {}, [], { answers: {}, website: 'x'.repeat(1001) }]) {
        const response = await answer(form.token, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(typeof ((await response.json()) as { error: unknown }).error).toBe('string');
      }
      const huge = await answer(form.token, { answers: { ...VALID, notes: 'x'.repeat(100 * 1024) } });
      expect(huge.status).toBe(413);
      expect(await responsesOf(form.id)).toEqual([]);
    });

    it('refuses a response whose stored answers would pass the per-response limit', async () => {
      const fields = Array.from({ length: 14 }, (_, i) => ({ id: `t${i}`, label: `Question ${i}`, type: 'textarea' }));
      const form = await newForm(fields);
      const answers = Object.fromEntries(fields.map((f) => [f.id, 'y'.repeat(4900)]));
      const response = await answer(form.token, { answers });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fieldErrors: Record<string, string> };
      expect(Object.keys(body.fieldErrors)).toEqual([FORM_ERROR_KEY]);
      expect(await responsesOf(form.id)).toEqual([]);
    });

    it('answers a filled honeypot like a success and stores and records nothing', async () => {
      const form = await newForm();
      const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(activity);
      const response = await answer(form.token, { answers: VALID, website: 'http://spam.example' });
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ thankYouMessage: DEFAULT_THANK_YOU });
      expect(await responsesOf(form.id)).toEqual([]);
      expect(await countOf(form.id)).toBe(0);
      expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(activity)).toEqual(before);
      // An empty honeypot (a person) is no obstacle.
      expect((await answer(form.token, { answers: VALID, website: '' })).status).toBe(201);
    });
  });

  describe('rate limits', () => {
    it(`refuses a flood from one address with 429 past ${PUBLIC_RESPONSE_RULES.address.freeFailures}, storing nothing beyond`, async () => {
      const form = await newForm();
      const free = PUBLIC_RESPONSE_RULES.address.freeFailures;
      const results = await Promise.all(
        Array.from({ length: free + 10 }, () => answer(form.token, { answers: VALID }, '192.0.2.50')),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(free);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      const refused = results.find((r) => r.status === 429)!;
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      // Each request reads the clock as it starts; under a burst one that started a moment
      // earlier may be held by a later one's failure, which rounds up to one second more.
      expect(wait).toBeLessThanOrEqual(PUBLIC_RESPONSE_RULES.address.delaySeconds + 1);
      expect(((await refused.json()) as { error: string }).error).toBe(
        `Too many responses have come from your network. Please wait ${wait} seconds and try again.`,
      );
      expect(await responsesOf(form.id)).toHaveLength(free);
      expect(await countOf(form.id)).toBe(free);
      // Another address is not held back by it.
      expect((await answer(form.token, { answers: VALID }, '192.0.2.51')).status).toBe(201);
    });

    it('refuses a form past its own allowance whatever the address, and only that form', async () => {
      const busy = await newForm();
      const quiet = await newForm();
      const now = new Date();
      await t.db.insert(signInThrottle).values({
        key: `form:${busy.id}`,
        failures: PUBLIC_RESPONSE_RULES.form.freeFailures,
        windowStartedAt: now,
        lastFailureAt: now,
      });
      const refused = await answer(busy.token, { answers: VALID }, '192.0.2.60');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await responsesOf(busy.id)).toEqual([]);
      expect((await answer(quiet.token, { answers: VALID }, '192.0.2.60')).status).toBe(201);
    });
  });

  describe('links that take no response', () => {
    it('a closed form says so on reading and answering, and stores nothing', async () => {
      const form = await newForm();
      await t.db.update(forms).set({ status: 'closed' }).where(eq(forms.id, form.id));
      const read = await t.request(`/api/public/forms/${form.token}`);
      expect(read.status).toBe(410);
      expect(await read.json()).toEqual({ reason: 'closed', error: PUBLIC_FORM_UNAVAILABLE.closed });
      const sent = await answer(form.token, { answers: VALID });
      expect(sent.status).toBe(410);
      expect(await sent.json()).toEqual({ reason: 'closed', error: PUBLIC_FORM_UNAVAILABLE.closed });
      expect(await responsesOf(form.id)).toEqual([]);
    });

    it('a form past its closing date says so', async () => {
      const form = await newForm();
      await t.db
        .update(forms)
        .set({ closesAt: new Date(Date.now() - 60_000) })
        .where(eq(forms.id, form.id));
      expect((await t.request(`/api/public/forms/${form.token}`)).status).toBe(410);
      const sent = await answer(form.token, { answers: VALID });
      expect(await sent.json()).toEqual({
        reason: 'past_closing_date',
        error: PUBLIC_FORM_UNAVAILABLE.past_closing_date,
      });
      await t.db
        .update(forms)
        .set({ closesAt: new Date(Date.now() + 3_600_000) })
        .where(eq(forms.id, form.id));
      expect((await answer(form.token, { answers: VALID })).status).toBe(201);
    });

    it('takes exactly its response limit under concurrency, then says it is full', async () => {
      const form = await newForm();
      await t.db.update(forms).set({ responseLimit: 3 }).where(eq(forms.id, form.id));
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => answer(form.token, { answers: VALID }, `192.0.2.${100 + i}`)),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 201, 410, 410, 410, 410, 410]);
      const full = results.find((r) => r.status === 410)!;
      expect(((await full.json()) as { reason: string }).reason).toBe('limit_reached');
      expect(await responsesOf(form.id)).toHaveLength(3);
      expect(await countOf(form.id)).toBe(3);
      expect((await t.request(`/api/public/forms/${form.token}`)).status).toBe(410);
    });

    it('a revoked link ("New link") leads nowhere; the new one works', async () => {
      const form = await newForm();
      await t.db
        .update(forms)
        .set({ publicToken: sql`default` })
        .where(eq(forms.id, form.id));
      const [row] = await t.db.select({ token: forms.publicToken }).from(forms).where(eq(forms.id, form.id));
      expect(row!.token).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.token).not.toBe(form.token);
      expect((await t.request(`/api/public/forms/${form.token}`)).status).toBe(404);
      const old = await answer(form.token, { answers: VALID });
      expect(old.status).toBe(404);
      expect(await old.json()).toEqual({ reason: 'not_found', error: PUBLIC_FORM_UNAVAILABLE.not_found });
      expect(await responsesOf(form.id)).toEqual([]);
      expect((await answer(row!.token, { answers: VALID })).status).toBe(201);
    });

    it('a personal link takes one response, even when used twice at once', async () => {
      const form = await newForm();
      const sent = await t.postJson(
        `/api/forms/${form.id}/send`,
        { recipients: [{ partnerName: 'Ruth Park', partnerEmail: 'ruth@example.org' }] },
        { cookie },
      );
      expect(sent.status).toBe(201);
      const [recipient] = await t.db.select().from(formRecipients).where(eq(formRecipients.formId, form.id));
      const read = await t.request(`/api/public/forms/${recipient!.token}`);
      expect(((await read.json()) as { form: { recipientName: string } }).form.recipientName).toBe('Ruth Park');
      const both = await Promise.all([
        answer(recipient!.token, { answers: VALID }, '192.0.2.201'),
        answer(recipient!.token, { answers: VALID }, '192.0.2.202'),
      ]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 410]);
      const again = await answer(recipient!.token, { answers: VALID });
      expect(await again.json()).toEqual({
        reason: 'already_answered',
        error: PUBLIC_FORM_UNAVAILABLE.already_answered,
      });
      const stored = await responsesOf(form.id);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.recipientId).toBe(recipient!.id);
      // The form's public link still works for everyone else.
      expect((await answer(form.token, { answers: VALID })).status).toBe(201);
    });
  });

  describe("the creator's notice", () => {
    it('tells the creator in the bell, and nobody else', async () => {
      const form = await newForm(FIELDS, 'Volunteer sign-up');
      await t.db.delete(notifications);
      expect((await answer(form.token, { answers: VALID })).status).toBe(201);
      const told = await t.db.select().from(notifications);
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        recipientId: alice.id,
        kind: 'form.response',
        title: 'New response to Volunteer sign-up',
        link: '/forms',
      });
      expect(told.map((n) => n.recipientId)).not.toContain(bob.id);
    });

    it('tells nobody when the creator no longer holds More (Forms)', async () => {
      const form = await newForm();
      await t.db.delete(notifications);
      await t.db.insert(coordinatorPermissions).values({ userId: alice.id, feature: 'more', enabled: false });
      try {
        expect((await answer(form.token, { answers: VALID })).status).toBe(201);
        expect(await t.db.select().from(notifications)).toEqual([]);
      } finally {
        await t.db.delete(coordinatorPermissions).where(eq(coordinatorPermissions.userId, alice.id));
      }
    });
  });

  it('queues no email anywhere for a public response while email is off', async () => {
    const form = await newForm();
    await t.db.delete(emailOutbox);
    expect((await answer(form.token, { answers: VALID })).status).toBe(201);
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activity,
  coordinatorPermissions,
  emailOutbox,
  formRecipients,
  formResponses,
  forms,
  notifications,
  partners,
  signInThrottle,
} from '#server/db/schema';
import type { SendFormResult } from '#shared/schemas/form-send';
import {
  createTestApp,
  TEST_BASE_URL,
  testDatabaseTargets,
  type TestApp,
  type TestUser,
} from '#test-support/test-database';

/**
 * Issue 21 items 4 to 6: Send to Partners (a personal link per recipient, the email in the
 * outbox, email off or on), the answer tied to the partner on their timeline, a merge moving
 * it, and the creator's notice by email when email is on.
 */

const FIELDS = [
  { id: 'name', label: 'Your name', type: 'text' },
  { id: 'help', label: 'How can you help?', type: 'multiple_choice', options: ['Setup', 'Music', 'Meals'] },
];
const LINK = new RegExp(`^${TEST_BASE_URL}/f/([0-9a-f]{64})$`);

describe.each(testDatabaseTargets())('Send to Partners and the partner side on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let formsOnly: TestUser;
  let adminCookie: string;
  let formsOnlyCookie: string;

  beforeAll(async () => {
    t = await createTestApp(target, { MINISTRY_NAME: 'Grace Ministry' });
    admin = await t.createUser({ email: 'admin@example.org', password: 'admin-secret', role: 'admin' });
    // A coordinator with forms but without the partner directory.
    formsOnly = await t.createUser({ email: 'forms@example.org', password: 'forms-secret', role: 'coordinator' });
    await t.db.insert(coordinatorPermissions).values({ userId: formsOnly.id, feature: 'partners', enabled: false });
    adminCookie = await t.signIn(admin.email, admin.password);
    formsOnlyCookie = await t.signIn(formsOnly.email, formsOnly.password);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(signInThrottle);
    await t.db.delete(emailOutbox);
  });

  const newForm = async (cookie = adminCookie, title = 'Harvest festival helpers') => {
    const response = await t.postJson('/api/forms', { title, fields: FIELDS }, { cookie });
    expect(response.status).toBe(201);
    return ((await response.json()) as { form: { id: string } }).form.id;
  };
  const newPartner = async (name: string, email: string) =>
    (await t.db.insert(partners).values({ name, email }).returning({ id: partners.id }))[0]!.id;
  const send = (formId: string, body: unknown, cookie = adminCookie) =>
    t.postJson(`/api/forms/${formId}/send`, body, { cookie });
  const respond = (token: string, answers: Record<string, unknown>) =>
    t.postJson(`/api/public/forms/${token}/responses`, { answers });

  it('gives each recipient a personal link and queues their email, saying email is off', async () => {
    const formId = await newForm();
    const partnerId = await newPartner('The Okafor Family', 'okafor@example.org');
    const response = await send(formId, {
      recipients: [{ partnerId }, { partnerName: 'Ruth Park', partnerEmail: 'ruth@example.org' }],
    });
    expect(response.status).toBe(201);
    const result = (await response.json()) as SendFormResult;
    expect(result.emailEnabled).toBe(false);
    expect(result.recipients.map(({ name, email, partnerId: p }) => ({ name, email, partnerId: p }))).toEqual([
      { name: 'The Okafor Family', email: 'okafor@example.org', partnerId },
      { name: 'Ruth Park', email: 'ruth@example.org', partnerId: null },
    ]);
    const tokens = result.recipients.map((r) => LINK.exec(r.link)?.[1]);
    expect(tokens.every(Boolean)).toBe(true);
    expect(new Set(tokens).size).toBe(2);

    const outbox = await t.db.select().from(emailOutbox);
    expect(outbox).toHaveLength(2);
    for (const recipient of result.recipients) {
      const email = outbox.find((e) => e.toAddress === recipient.email)!;
      expect(email).toMatchObject({ kind: 'form-invitation', toName: recipient.name });
      expect(email.subject).toBe('Grace Ministry asks you to fill in: Harvest festival helpers');
      expect(email.text).toContain(recipient.link);
      expect(email.html).toContain(recipient.link);
      expect(email.text).toContain('Grace Ministry');
      // A partner has no account: the footer points to no Settings.
      expect(email.text).toContain('You receive this from Grace Ministry, as one of its partners.');
      expect(email.text).not.toContain('Settings');
      expect(email.html).not.toContain('Settings');
    }
    const stored = await t.db.select().from(formRecipients).where(eq(formRecipients.formId, formId));
    expect(stored.map((r) => r.sentBy)).toEqual([admin.id, admin.id]);
    const records = await t.db
      .select()
      .from(activity)
      .where(and(eq(activity.action, 'form.sent'), eq(activity.subjectId, formId)));
    expect(records).toHaveLength(1);
    // The record names the recipients, never their links.
    expect(JSON.stringify(records[0]!.after)).not.toContain(tokens[0]!);
  });

  it.each([
    ['no recipients', { recipients: [] }, 'Please fill in all required fields'],
    [
      'a typed recipient without a name',
      { recipients: [{ partnerEmail: 'a@example.org' }] },
      'Please fill in all required fields',
    ],
    [
      'a typed recipient without an email',
      { recipients: [{ partnerName: 'Ann' }] },
      'Please fill in all required fields',
    ],
    [
      'an email that is not one',
      { recipients: [{ partnerName: 'Ann', partnerEmail: 'ann' }] },
      'Invalid email address',
    ],
  ])('refuses %s with the spec message, sending nothing', async (_case, body, message) => {
    const formId = await newForm();
    const response = await send(formId, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(message);
    expect(await t.db.select().from(formRecipients).where(eq(formRecipients.formId, formId))).toEqual([]);
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
  });

  it('lets a coordinator without Partners send to typed people only', async () => {
    const formId = await newForm(formsOnlyCookie);
    const partnerId = await newPartner('Directory Person', 'directory@example.org');
    const refused = await send(formId, { recipients: [{ partnerId }] }, formsOnlyCookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/needs the Partners permission/);
    const typed = await send(
      formId,
      { recipients: [{ partnerName: 'Typed Person', partnerEmail: 'typed@example.org' }] },
      formsOnlyCookie,
    );
    expect(typed.status).toBe(201);
  });

  it('refuses a closed form, an unknown form and a partner without email', async () => {
    const closed = await newForm();
    await t.db.update(forms).set({ status: 'closed' }).where(eq(forms.id, closed));
    const typed = { recipients: [{ partnerName: 'Ann', partnerEmail: 'ann@example.org' }] };
    expect((await send(closed, typed)).status).toBe(409);
    expect((await send('00000000-0000-4000-8000-000000000000', typed)).status).toBe(404);
    const open = await newForm();
    const noEmail = await newPartner('No Email', '');
    const response = await send(open, { recipients: [{ partnerId: noEmail }] });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/No Email has no email address/);
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
  });

  it("ties a personal link's answer to the partner: their timeline shows it whole, to holders of More only", async () => {
    const formId = await newForm(adminCookie, 'Prayer survey');
    const partnerId = await newPartner('Grace Lee', 'grace.lee@example.org');
    const sent = (await (await send(formId, { recipients: [{ partnerId }] })).json()) as SendFormResult;
    const token = LINK.exec(sent.recipients[0]!.link)![1]!;
    expect((await respond(token, { name: 'Grace', help: ['Music'] })).status).toBe(201);
    const [stored] = await t.db.select().from(formResponses).where(eq(formResponses.formId, formId));
    expect(stored!.partnerId).toBe(partnerId);

    const timeline = async (cookie: string) => {
      const response = await t.request(`/api/partners/${partnerId}/timeline`, { headers: { cookie } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { entries: { source: string; formTitle?: string; answers?: unknown }[] })
        .entries;
    };
    const entry = (await timeline(adminCookie)).find((e) => e.source === 'form-response');
    expect(entry).toMatchObject({
      formTitle: 'Prayer survey',
      answers: [
        { fieldId: 'name', label: 'Your name', type: 'text', value: 'Grace' },
        { fieldId: 'help', label: 'How can you help?', type: 'multiple_choice', value: ['Music'] },
      ],
    });

    // A partners holder without More (Forms) does not see it.
    const partnersOnly = await t.createUser({ email: 'p@example.org', password: 'p-secret', role: 'coordinator' });
    await t.db.insert(coordinatorPermissions).values({ userId: partnersOnly.id, feature: 'more', enabled: false });
    const cookie = await t.signIn(partnersOnly.email, partnersOnly.password);
    expect((await timeline(cookie)).map((e) => e.source)).not.toContain('form-response');
  });

  it("moves a merged partner's responses and personal links to the survivor", async () => {
    const formId = await newForm(adminCookie, 'Merge survey');
    const survivor = await newPartner('Sam Survivor', 'sam@example.org');
    const merged = await newPartner('Sam S.', 'sam.s@example.org');
    const sent = (await (await send(formId, { recipients: [{ partnerId: merged }] })).json()) as SendFormResult;
    const token = LINK.exec(sent.recipients[0]!.link)![1]!;
    expect((await respond(token, { name: 'Sam', help: ['Setup'] })).status).toBe(201);

    const response = await t.postJson(
      '/api/partners/merge',
      { survivorId: survivor, mergedId: merged },
      { cookie: adminCookie },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { moved: Record<string, number> }).moved.formResponses).toBe(1);
    const [stored] = await t.db.select().from(formResponses).where(eq(formResponses.formId, formId));
    expect(stored!.partnerId).toBe(survivor);
    const [recipient] = await t.db.select().from(formRecipients).where(eq(formRecipients.formId, formId));
    expect(recipient!.partnerId).toBe(survivor);
  });
});

describe.each(testDatabaseTargets())('Send to Partners and notices with email on, on $name', (target) => {
  let t: TestApp;
  let creator: TestUser;
  let cookie: string;

  beforeAll(async () => {
    // Email is on; the sender is not started, so what is queued stays in the outbox to read.
    t = await createTestApp(target, {
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Grace Ministry <office@grace.example.org>',
      MINISTRY_NAME: 'Grace Ministry',
    });
    creator = await t.createUser({ email: 'creator@example.org', password: 'creator-secret', role: 'coordinator' });
    cookie = await t.signIn(creator.email, creator.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says the email is on its way, and emails the creator of a new response per their switch', async () => {
    const created = await t.postJson('/api/forms', { title: 'Retreat', fields: FIELDS }, { cookie });
    const formId = ((await created.json()) as { form: { id: string } }).form.id;
    const sent = await t.postJson(
      `/api/forms/${formId}/send`,
      { recipients: [{ partnerName: 'Ruth Park', partnerEmail: 'ruth@example.org' }] },
      { cookie },
    );
    const result = (await sent.json()) as SendFormResult;
    expect(result.emailEnabled).toBe(true);
    const token = LINK.exec(result.recipients[0]!.link)![1]!;

    await t.db.delete(emailOutbox);
    expect(
      (await t.postJson(`/api/public/forms/${token}/responses`, { answers: { name: 'Ruth', help: ['Meals'] } })).status,
    ).toBe(201);
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.recipientId, creator.id));
    expect(notice).toMatchObject({
      title: 'New response to Retreat',
      body: 'From Ruth Park, through their personal link',
    });
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, creator.email));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain('New response to Retreat');

    // With Email Notifications off, the bell only.
    await t.sendJson('PUT', '/api/settings/notifications', { emailNotifications: false }, { cookie });
    await t.db.delete(emailOutbox);
    const [{ link }] = (await t.db.select({ link: forms.publicToken }).from(forms).where(eq(forms.id, formId))) as [
      { link: string },
    ];
    expect(
      (await t.postJson(`/api/public/forms/${link}/responses`, { answers: { name: 'Ann', help: ['Setup'] } })).status,
    ).toBe(201);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, creator.email))).toEqual([]);
    expect(await t.db.select().from(notifications).where(eq(notifications.recipientId, creator.id))).toHaveLength(2);
  });
});

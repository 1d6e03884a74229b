import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#server/db/schema';
import { startTestSmtpServer, type TestSmtpServer } from '#test-support/smtp-server';
import { createTestApp, silentLogger, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { createMailer } from './mailer';
import type { QueuedEmail } from './outbox';
import { deliverDue, LEASE_MS, MAX_ATTEMPTS, retryDelayMs } from './sender';
import { smtpTransport, type MailTransport } from './transport';

const FROM = 'Grace Ministry <office@grace.example.org>';

const email = (n: number, overrides: Partial<QueuedEmail> = {}): QueuedEmail => ({
  kind: 'test',
  to: { address: `person${n}@example.org`, name: `Person ${n}` },
  subject: `Message ${n}`,
  recipientName: `Person ${n}`,
  paragraphs: [`This is message ${n}.`],
  ...overrides,
});

// The outbox and its sender against a real SMTP server started here (smtp-server), the
// messages read back by an independent parser (mailparser): docs/decisions/0099.
describe.each(testDatabaseTargets())('email outbox and sender on $name', (target) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let transport: MailTransport;

  beforeAll(async () => {
    t = await createTestApp(target, { MINISTRY_NAME: 'Grace Ministry' });
    smtp = await startTestSmtpServer();
    transport = smtpTransport(smtp.url);
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.stop();
    await t?.close();
  });
  afterEach(async () => {
    await t.db.delete(emailOutbox);
    smtp.received.length = 0;
    smtp.refuseWith(null);
  });

  const queue = (e: QueuedEmail) => t.db.transaction((tx) => t.deps.mail.queue(tx as unknown as typeof t.db, e));
  const deliver = (now?: () => Date) => deliverDue(t.db, transport, FROM, silentLogger, now);
  const row = async (id: string) => (await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;

  it('delivers a queued email as HTML and plain text, naming the ministry and linking to Settings', async () => {
    const id = await queue(email(1, { action: { label: 'Open the portal', url: 'http://localhost:3000/tasks' } }));
    expect(await deliver()).toBe(1);
    const { mail, envelope } = (await smtp.waitFor(1))[0]!;
    expect(envelope.to).toEqual(['person1@example.org']);
    expect(mail.from?.value).toEqual([{ name: 'Grace Ministry', address: 'office@grace.example.org' }]);
    expect(mail.subject).toBe('Message 1');
    expect(mail.messageId).toBe(`<${id}@grace.example.org>`);
    expect(mail.text).toContain('Hello Person 1,');
    expect(mail.text).toContain('Open the portal: http://localhost:3000/tasks');
    expect(mail.text).toContain(`${t.deps.config.BASE_URL}/settings`);
    expect(mail.html).toContain('Grace Ministry');
    expect(mail.html).toContain(`href="${t.deps.config.BASE_URL}/settings"`);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
    // Sent once: nothing is due any more.
    expect(await deliver()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('queues nothing when the change that caused the email rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await t.deps.mail.queue(tx as unknown as typeof t.db, email(2));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
  });

  it('keeps an email while the server is down and sends it once it is back, after the back-off', async () => {
    const id = await queue(email(3));
    await smtp.stop();
    try {
      expect(await deliver()).toBe(0);
    } finally {
      await smtp.start();
    }
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting.lastError).toBeTruthy();
    const wait = waiting.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(retryDelayMs(1) - 5_000);
    // Not yet due: nothing is sent before the back-off ends.
    expect(await deliver()).toBe(0);
    expect(await deliver(() => new Date(Date.now() + retryDelayMs(1) + 1_000))).toBe(1);
    await smtp.waitFor(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('keeps a temporary refusal for a retry, and a permanent one as failed with its reason', async () => {
    const temporary = await queue(email(4));
    smtp.refuseWith(451);
    expect(await deliver()).toBe(0);
    expect(await row(temporary)).toMatchObject({ status: 'pending', attempts: 1 });

    await t.db.delete(emailOutbox);
    const permanent = await queue(email(5));
    smtp.refuseWith(550);
    expect(await deliver()).toBe(0);
    const failed = await row(permanent);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toContain('550');
    // Failed for good: not tried again.
    smtp.refuseWith(null);
    expect(await deliver(() => new Date(Date.now() + 24 * 60 * 60_000))).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it('gives up after the last attempt', async () => {
    const id = await queue(email(6));
    await t.db
      .update(emailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, id));
    smtp.refuseWith(451);
    expect(await deliver()).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('takes over an email whose sender died mid-send once its lease has run out, and not before', async () => {
    const id = await queue(email(7));
    // What a sender killed after claiming leaves behind.
    await t.db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: 1, leaseUntil: new Date(Date.now() + LEASE_MS) })
      .where(eq(emailOutbox.id, id));
    expect(await deliver()).toBe(0);
    expect(await deliver(() => new Date(Date.now() + LEASE_MS + 1_000))).toBe(1);
    await smtp.waitFor(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends each email once when two senders work the outbox at the same time', async () => {
    const ids = new Set<string>();
    for (let n = 0; n < 20; n++) ids.add(await queue(email(100 + n)));
    const other = smtpTransport(smtp.url);
    try {
      const [a, b] = await Promise.all([deliver(), deliverDue(t.db, other, FROM, silentLogger)]);
      expect(a + b).toBe(20);
    } finally {
      other.close();
    }
    await smtp.waitFor(20);
    expect(new Set(smtp.received.map((r) => r.mail.messageId))).toEqual(
      new Set([...ids].map((id) => `<${id}@grace.example.org>`)),
    );
    expect(smtp.received).toHaveLength(20);
  });

  it('keeps names and subjects on one header line: no header can be injected', async () => {
    await queue(
      email(8, {
        to: { address: 'person8@example.org', name: 'Eve\r\nBcc: thief@example.org' },
        subject: 'Hello\r\nBcc: thief@example.org',
      }),
    );
    expect(await deliver()).toBe(1);
    const { mail, envelope } = (await smtp.waitFor(1))[0]!;
    expect(envelope.to).toEqual(['person8@example.org']);
    expect(mail.bcc).toBeUndefined();
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.subject).toBe('Hello Bcc: thief@example.org');
  });

  it('escapes what it is given in the HTML form', async () => {
    await queue(email(9, { recipientName: '<b>Ruth</b>', paragraphs: ['<script>alert(1)</script>'] }));
    expect(await deliver()).toBe(1);
    const { mail } = (await smtp.waitFor(1))[0]!;
    expect(mail.html).toContain('Hello &lt;b&gt;Ruth&lt;/b&gt;,');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it("signs an email with the organisation's name as Admin > Organization has it, not the setting it started with", async () => {
    const admin = await t.createUser({ email: 'grace-admin@example.org', password: 'admin-secret', role: 'admin' });
    const cookie = await t.signIn(admin.email, admin.password);
    const saved = await t.request('/api/organization', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Grace Community Ministry', address: '', statementText: '', currency: 'USD' }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    await queue(email(11));
    expect(await deliver()).toBe(1);
    const { mail } = (await smtp.waitFor(1))[0]!;
    expect(mail.text).toContain('You receive this from Grace Community Ministry.');
    expect(mail.html).toContain('Grace Community Ministry');
    expect(mail.html).not.toContain('Grace Ministry<');
  });

  it('without SMTP leaves every email waiting in the outbox', async () => {
    const mailer = createMailer({ ...t.deps.config, SMTP_URL: undefined }, t.db, silentLogger);
    expect(mailer.enabled).toBe(false);
    mailer.start();
    const id = await t.db.transaction((tx) => mailer.queue(tx as unknown as typeof t.db, email(10)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 0 });
    await mailer.stop();
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, donations, emailAttachments, emailOutbox, jobs, partners } from '#server/db/schema';
import { deliverDue } from '#server/mail/sender';
import { smtpTransport } from '#server/mail/transport';
import { pdfText } from '#test-support/pdf-text';
import { startTestSmtpServer, type TestSmtpServer } from '#test-support/smtp-server';
import { createTestApp, silentLogger, testDatabaseTargets, type TestApp } from '#test-support/test-database';

const YEAR = 2025;
const FROM = 'Grace Ministry <office@grace.example.org>';

// "Email statements" (issue 19 item 4): a job queues one email per partner who gave and has an
// email address, each with their statement attached; the sender delivers it to a real SMTP
// server started here, and the message is parsed back (mailparser) down to the PDF's text.
describe.each(testDatabaseTargets())('emailed statements on $name', (target) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let admin: string;
  let coordinator: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    smtp = await startTestSmtpServer();
    await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    admin = await t.signIn('pastor@example.org', 'admin-secret');
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    await t.sendJson(
      'PUT',
      '/api/organization',
      { name: 'Grace Ministry', address: '', statementText: 'Thank you for giving.', currency: 'USD' },
      { cookie: admin },
    );
    const [ana, ben] = await t.db
      .insert(partners)
      .values([
        { name: 'Ana López', email: 'ana@example.org' },
        { name: 'Ben Okafor', email: '' },
      ])
      .returning({ id: partners.id });
    await t.db.insert(donations).values([
      {
        partnerId: ana!.id,
        partnerName: 'Ana López',
        amount: '150.00',
        donationType: 'one-time',
        donationDate: new Date('2025-04-01T12:00:00Z'),
      },
      {
        partnerId: ben!.id,
        partnerName: 'Ben Okafor',
        amount: '20.00',
        donationType: 'one-time',
        donationDate: new Date('2025-04-02T12:00:00Z'),
      },
    ]);
  });
  afterAll(async () => {
    await smtp?.stop();
    await t?.close();
  });

  it('says how many would be emailed, and that email is off without SMTP', async () => {
    const response = await t.request(`/api/giving/statements/recipients?year=${YEAR}`, { headers: { cookie: admin } });
    expect(await response.json()).toEqual({ partners: 2, withEmail: 1, emailEnabled: false });
  });

  it('refuses callers without Giving Records and queues nothing', async () => {
    expect((await t.postJson('/api/giving/statements/emails', { year: YEAR }, { cookie: coordinator })).status).toBe(
      403,
    );
    expect((await t.postJson('/api/giving/statements/emails', { year: YEAR })).status).toBe(401);
    expect(await t.db.select().from(emailOutbox)).toEqual([]);
  });

  it('queues one email with its PDF per partner with an address, which arrives with the statement attached', async () => {
    const started = await t.postJson('/api/giving/statements/emails', { year: YEAR, tz: 'UTC' }, { cookie: admin });
    expect(started.status).toBe(201);
    const { job } = (await started.json()) as { job: { id: string } };
    expect(await t.db.select().from(activity).where(eq(activity.action, 'statements.emails_requested'))).toHaveLength(
      1,
    );
    expect(await t.deps.jobs.runDue()).toBe(1);
    const finished = await t.request(`/api/jobs/${job.id}`, { headers: { cookie: admin } });
    expect(((await finished.json()) as { job: unknown }).job).toMatchObject({
      status: 'succeeded',
      progressDone: 1,
      progressTotal: 1,
      result: { year: YEAR, statements: 1, emailed: 1 },
    });

    const queued = await t.db.select().from(emailOutbox);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ toAddress: 'ana@example.org', kind: 'year-end-statement', status: 'pending' });
    // The admin's Email page shows the attachment.
    const shown = await t.request(`/api/email/outbox/${queued[0]!.id}`, { headers: { cookie: admin } });
    expect(((await shown.json()) as { email: { attachments: unknown[] } }).email.attachments).toEqual([
      { filename: 'statement-2025-ana-lopez.pdf', contentType: 'application/pdf', size: expect.any(Number) },
    ]);

    const transport = smtpTransport(smtp.url);
    try {
      expect(await deliverDue(t.db, transport, FROM, silentLogger)).toBe(1);
    } finally {
      transport.close();
    }
    const { mail, envelope } = (await smtp.waitFor(1))[0]!;
    expect(envelope.to).toEqual(['ana@example.org']);
    expect(mail.subject).toBe('Your giving statement for 2025');
    expect(mail.text).toContain('Thank you for giving.');
    expect(mail.text).toContain('as one of its partners.');
    expect(mail.text).not.toContain('Settings > Notifications');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf!.filename).toBe('statement-2025-ana-lopez.pdf');
    expect(pdf!.contentType).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(pdf!.content));
    expect(text).toContain('Ana López');
    expect(text).toContain('Total for 2025 (1 gift): $150.00');
  });

  it('queues nobody twice when the same job runs again (a restart after a crash)', async () => {
    const [email] = await t.db.select({ key: emailOutbox.dedupeKey }).from(emailOutbox);
    const jobId = email!.key!.split(':')[1]!;
    await t.db.update(jobs).set({ status: 'queued', runAfter: new Date() }).where(eq(jobs.id, jobId));
    expect(await t.deps.jobs.runDue()).toBe(1);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
    expect(await t.db.select().from(emailAttachments)).toHaveLength(1);
  });
});

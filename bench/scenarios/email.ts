/**
 * Scenario 6, email and notifications (issue 16, decisions 0099 and 0100): what queueing an
 * email adds to the write that causes it (p95 of a recorded change alone, and of the same
 * change that also queues an email), what notifications add (one person told, with an email;
 * a gift alert to a team of fifty, each with an email), and how many emails a second the sender
 * delivers from the outbox to an SMTP receiver on this machine (smtp-server, started here).
 * Measured directly on the bench's database, before its portal opens it.
 */
import { pino } from 'pino';
import type { Database } from '#server/db/client';
import { emailOutbox, notifications, user, userRoles } from '#server/db/schema';
import { createNotifier } from '#server/features/notifications/notifier';
import type { Mailer } from '#server/mail/mailer';
import { queueEmail, queueEmails } from '#server/mail/outbox';
import { deliverDue } from '#server/mail/sender';
import { smtpTransport } from '#server/mail/transport';
import { recordChange } from '#server/service/changes';
import { recordWithNotices } from '#server/service/context';
import { startTestSmtpServer } from '#test-support/smtp-server';
import { sampleMs, summarize, type Summary } from '../stats';

export interface EmailFigures {
  /** A change with its activity record, without and with one queued email. */
  write: {
    alone: Summary;
    withEmail: Summary;
    /** The change plus its notification rule telling one person, in the portal and by email. */
    withNotification?: Summary;
    /** The change plus a gift alert to every one of a team of fifty, each with an email. */
    withTeamAlert?: Summary;
  };
  /** Emails delivered per second to the local receiver, and how many were timed. */
  delivery: { emails: number; seconds: number; perSecond: number };
}

const silent = pino({ level: 'silent' });
const branding = { ministryName: 'Bench Ministry', baseUrl: 'http://localhost:3000' };
const email = (n: number) => ({
  kind: 'bench',
  to: { address: `bench${n}@example.org`, name: `Bench Person ${n}` },
  recipientName: `Bench Person ${n}`,
  subject: `Bench message ${n}`,
  paragraphs: ['A gift was recorded.', 'This is the bench measuring the outbox.'],
  action: { label: 'Open the portal', url: 'http://localhost:3000/dashboard' },
});

export async function measureEmail(database: Database, samples: number, deliveries: number): Promise<EmailFigures> {
  const { db } = database;
  let n = 0;
  const change = { action: 'bench.changed', subject: { type: 'bench', id: 'bench' } };
  const alone = summarize(
    await sampleMs(() => db.transaction((tx) => recordChange(tx as typeof db, null, change)), samples),
  );
  const withEmail = summarize(
    await sampleMs(
      () =>
        db.transaction(async (tx) => {
          await recordChange(tx as typeof db, null, change);
          await queueEmail(tx as typeof db, branding, email(n++));
        }),
      samples,
    ),
  );
  await db.delete(emailOutbox);
  const notified = await measureNotifications(database, samples);

  for (let i = 0; i < deliveries; i++) await queueEmail(db, branding, email(i));
  const smtp = await startTestSmtpServer();
  const transport = smtpTransport(smtp.url);
  try {
    const started = performance.now();
    const sent = await deliverDue(db, transport, 'Bench Ministry <bench@example.org>', silent);
    const seconds = (performance.now() - started) / 1000;
    if (sent !== deliveries) throw new Error(`the sender delivered ${sent} of ${deliveries} emails`);
    await smtp.waitFor(deliveries, 60_000);
    return {
      write: { alone, withEmail, ...notified },
      delivery: { emails: sent, seconds, perSecond: sent / seconds },
    };
  } finally {
    transport.close();
    await smtp.stop();
    await db.delete(emailOutbox);
  }
}

const TEAM = 50;

/**
 * A team of fifty (one admin, forty-nine coordinators; rows only, nobody signs in) and the real
 * notifier with two rules: one telling a single person, one telling everyone who sees the
 * dashboard. Email is on, as with SMTP configured: every notification queues its email. The
 * team is removed afterwards, so the portal starts on the bench's database as before.
 */
async function measureNotifications(database: Database, samples: number) {
  const { db } = database;
  const ids = Array.from({ length: TEAM }, (_, i) => `bench-team-${i}`);
  await db.insert(user).values(ids.map((id, i) => ({ id, name: `Team Member ${i}`, email: `${id}@example.org` })));
  await db
    .insert(userRoles)
    .values(ids.map((userId, i) => ({ userId, role: i === 0 ? ('admin' as const) : ('coordinator' as const) })));
  const mail: Mailer = {
    enabled: true,
    queue: (tx, message) => queueEmail(tx, branding, message),
    queueAll: (tx, messages) => queueEmails(tx, branding, messages),
    wake: () => {},
    start: () => {},
    stop: async () => {},
  };
  const draft = (to: { features: ['tasks'] | ['dashboard']; userIds?: string[] }) => ({
    to,
    category: 'always' as const,
    kind: 'bench',
    title: 'Task assigned to you: Bench task',
    body: 'Due tomorrow',
    link: '/tasks',
  });
  const notifier = createNotifier(
    db,
    {
      'bench.one': () => [draft({ features: ['tasks'], userIds: [ids[1]!] })],
      'bench.team': () => [draft({ features: ['dashboard'] })],
    },
    [],
    { mail, baseUrl: branding.baseUrl, secret: 'bench-link-key', digestHour: 7 },
    silent,
  );
  const timed = (action: string) =>
    sampleMs(
      () =>
        db.transaction(async (transaction) => {
          const tx = transaction as typeof db;
          const subject = { type: 'bench', id: 'bench' };
          await recordWithNotices(tx, notifier, { id: ids[0]! }, { action, subject });
        }),
      samples,
    );
  try {
    return {
      withNotification: summarize(await timed('bench.one')),
      withTeamAlert: summarize(await timed('bench.team')),
    };
  } finally {
    await db.delete(notifications);
    await db.delete(emailOutbox);
    await db.delete(userRoles);
    await db.delete(user);
  }
}

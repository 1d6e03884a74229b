import { eq } from 'drizzle-orm';
import { emailOutbox } from '#server/db/schema';
import { queueEmail } from '#server/mail/outbox';
import type { DemoContext } from '../seed';
import { DEMO_MINISTRY } from './organization';

const HOUR = 60 * 60_000;

/**
 * Admin > Email (issue 16): a few emails in each state, as an installation would show them,
 * rendered by the real renderer. The demo has no mail server, so nothing is sent.
 */
export async function seedDemoEmails({ db, users, now, baseUrl }: DemoContext) {
  const branding = { ministryName: DEMO_MINISTRY, baseUrl };
  const [sarah, michael] = users.coordinators;
  const reset = (name: string) => ({
    kind: 'password-reset',
    subject: 'Choose a new password',
    recipientName: name,
    paragraphs: [
      'Someone, hopefully you, asked to reset the password of your account on the portal.',
      'The link below works once, for one hour. If you did not ask, ignore this email: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url: `${baseUrl}/reset-password?token=demo-link-expired` },
  });
  const states = [
    {
      to: sarah!,
      ago: 26 * HOUR,
      set: { status: 'sent' as const, attempts: 1, sentAt: new Date(now.getTime() - 26 * HOUR) },
    },
    {
      // The volunteer who left: her address no longer exists, so the reset link bounced.
      to: users.former,
      ago: 5 * HOUR,
      set: {
        status: 'failed' as const,
        attempts: 1,
        lastError: '550 5.1.1 <former.volunteer@example.org>: Recipient address rejected: User unknown',
      },
    },
    { to: michael!, ago: 0.2 * HOUR, set: { status: 'pending' as const } },
  ];
  for (const { to, ago, set } of states) {
    const id = await queueEmail(db, branding, { ...reset(to.name), to: { address: to.email, name: to.name } });
    await db
      .update(emailOutbox)
      .set({ ...set, createdAt: new Date(now.getTime() - ago) })
      .where(eq(emailOutbox.id, id));
  }
}

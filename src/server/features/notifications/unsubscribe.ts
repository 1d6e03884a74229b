import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '#server/db/client';
import { user } from '#server/db/schema';
import type { AppEnv } from '#server/http/app-env';
import { recordChange } from '#server/service/changes';
import { verifyUnsubscribeToken } from './unsubscribe-token';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A small page of its own: the person arrives from their mail client, usually not signed in. */
const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>
`;

const INVALID = page(
  'This link does not work',
  '<p>The unsubscribe link is incomplete or was changed. Open Settings &gt; Notifications in the portal to choose which emails you get.</p>',
);

/**
 * /api/unsubscribe?token=…: the link in every notification email (docs/decisions/0100). GET
 * only asks (mail scanners open links); POST, from that page's button or a mail client's
 * one-click unsubscribe (RFC 8058), turns email notifications off. Needs no session: the token
 * is an HMAC of the person's id under the installation's link key.
 */
export function unsubscribeRoutes() {
  return new Hono<AppEnv>()
    .get('/', (c) => {
      const token = c.req.query('token') ?? '';
      if (!verifyUnsubscribeToken(c.var.deps.linkKey, token)) return c.html(INVALID, 400);
      return c.html(
        page(
          'Stop notification emails?',
          `<p>You will still see notifications in the portal, and can turn emails back on in Settings &gt; Notifications.</p>
<form method="post" action="?token=${escapeHtml(encodeURIComponent(token))}"><button type="submit">Stop notification emails</button></form>`,
        ),
        200,
      );
    })
    .post('/', async (c) => {
      const userId = verifyUnsubscribeToken(c.var.deps.linkKey, c.req.query('token') ?? '');
      if (!userId) return c.html(INVALID, 400);
      await turnOffEmails(c.var.deps.database.db, userId, c.var.clientIp);
      return c.html(
        page(
          'You will get no more notification emails',
          '<p>Notifications still appear in the portal. To have them emailed again, open Settings &gt; Notifications.</p>',
        ),
        200,
      );
    });
}

/**
 * Recorded as the person's own change: the link was sent to them alone and its token names
 * them (no session). Their open tabs refresh Settings.
 */
async function turnOffEmails(db: Db, userId: string, clientIp: string) {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .update(user)
      .set({ emailNotifications: false, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning({ id: user.id });
    // A deleted account: nothing to turn off, and the answer is the same.
    if (!row) return;
    await recordChange(
      tx,
      { id: userId, clientIp },
      {
        action: 'notifications.unsubscribed',
        subject: { type: 'user', id: userId },
        announce: { audience: { userId }, event: { type: 'profile.changed', userId } },
        after: { emailNotifications: false },
      },
    );
  });
}

import Bowser from 'bowser';
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { session } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import type { SessionItem } from '#shared/schemas/settings';

/** "Firefox 132 on Linux": browser, major version and system, from a user agent (bowser). */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const name = browser.name ? `${browser.name}${browser.version ? ` ${browser.version.split('.')[0]}` : ''}` : null;
  if (!name && !os.name) return 'Unknown browser';
  return [name ?? 'Unknown browser', os.name].filter(Boolean).join(' on ');
}

/** The actor's sessions still valid, the one in use first, then the most recently active. */
export async function listSessions(db: Db, userId: string, currentId: string | null): Promise<SessionItem[]> {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.createdAt));
  return rows
    .map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      current: row.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends one of the actor's other sessions (a lost laptop). The session table's trigger tells that
 * session's open tabs, which sign out at once (drizzle/0007). Someone else's session, or one
 * already ended, is a 404; the session in use is ended with Sign Out instead.
 */
export async function endSession(ctx: ServiceContext, currentId: string | null, id: string) {
  if (id === currentId) refuse(400, 'This is the session you are using: use Sign Out to end it.');
  return ctx.change(async (tx) => {
    const [ended] = await tx.db
      .delete(session)
      .where(and(eq(session.id, id), eq(session.userId, tx.actor.id)))
      .returning({ id: session.id, userAgent: session.userAgent, ipAddress: session.ipAddress });
    if (!ended) refuse(404, 'Session not found');
    await tx.record({
      action: 'session.ended',
      subject: { type: 'user', id: tx.actor.id },
      before: { device: describeDevice(ended.userAgent), ipAddress: ended.ipAddress },
    });
    return { ended: 1 };
  });
}

/** Ends every session of the actor's but the one in use. */
export async function endOtherSessions(ctx: ServiceContext, currentId: string | null) {
  return ctx.change(async (tx) => {
    const mine = eq(session.userId, tx.actor.id);
    const ended = await tx.db
      .delete(session)
      .where(currentId ? and(mine, ne(session.id, currentId)) : mine)
      .returning({ id: session.id });
    if (ended.length > 0) {
      await tx.record({
        action: 'sessions.ended-others',
        subject: { type: 'user', id: tx.actor.id },
        after: { ended: ended.length },
      });
    }
    return { ended: ended.length };
  });
}

import { and, eq, like } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { notifications, user } from '#server/db/schema';
import type { Announcement } from '#server/service/changes';
import type { NotificationRules, RecordedChange } from '#server/service/notices';
import type { ChatType } from '#shared/chat';
import { mentionedIds } from '#shared/mentions';
import type { Feature } from '#shared/permissions';

/** How much of the message an @mention notification quotes. */
const QUOTE_LENGTH = 200;

const quoteOf = (content: string) =>
  content.length > QUOTE_LENGTH ? `${content.slice(0, QUOTE_LENGTH - 1)}…` : content;

/** The @mention notices that quote message `id`: their link opens the channel at it (`…&message=<id>`). */
const quoting = (id: number) =>
  and(eq(notifications.kind, 'chat.mention'), like(notifications.link, `%&message=${id}`));

/** Each recipient's bell reads its list again. */
const bellsOf = (recipients: { recipientId: string }[]): Announcement[] =>
  [...new Set(recipients.map((r) => r.recipientId))].map((userId) => ({
    audience: { userId },
    event: { type: 'notifications.changed' as const },
  }));

/**
 * A message deleted takes its words back from the bells that quoted it: its @mention notices go
 * (a digest not yet sent goes without them). Returns what to announce to those bells.
 */
export async function retractQuotes(db: Db, id: number): Promise<Announcement[]> {
  return bellsOf(
    await db.delete(notifications).where(quoting(id)).returning({ recipientId: notifications.recipientId }),
  );
}

/** A message edited: the notices already sent about it quote its new text. Returns what to announce. */
export async function requote(db: Db, id: number, content: string): Promise<Announcement[]> {
  return bellsOf(
    await db
      .update(notifications)
      .set({ body: quoteOf(content) })
      .where(quoting(id))
      .returning({ recipientId: notifications.recipientId }),
  );
}

/** What the mention rule needs of a message sent or edited: its change hands it over (`unrecorded`). */
export interface MentionableText {
  content: string;
  partner: string;
  chatType: ChatType;
}

/**
 * An @mention tells the person mentioned (issue 16, docs/decisions/0100), when they may read
 * the channel: chat, and for the Cardholder Success channels that feature too. The text comes
 * with the change, which keeps it out of the activity record (docs/decisions/0142).
 */
async function mentions(change: RecordedChange, db: Db) {
  const message = change.unrecorded as MentionableText | undefined;
  if (!message) throw new Error(`${change.action} was recorded without its text for the mention rule`);
  if (!message.content.includes('@')) return [];
  const people = await db
    .select({ id: user.id, displayName: user.displayName, name: user.name, email: user.email })
    .from(user);
  // An edit tells only the people its new text mentions for the first time (issue 23).
  const already = new Set((change.before as { mentioned?: string[] } | null)?.mentioned ?? []);
  const ids = mentionedIds(
    message.content,
    people.map((p) => ({ id: p.id, names: [p.displayName, p.name, p.email.split('@')[0], p.email] })),
  ).filter((id) => !already.has(id));
  if (ids.length === 0) return [];
  const sender = people.find((p) => p.id === change.actorId);
  const senderName = sender?.displayName || sender?.name || sender?.email || 'Someone';
  const features: Feature[] = message.chatType === 'cardholder_success' ? ['chat', 'cardholder_success'] : ['chat'];
  const quote = quoteOf(message.content);
  return [
    {
      to: { features, userIds: ids },
      category: 'always' as const,
      kind: 'chat.mention',
      title: `${senderName} mentioned you in ${message.partner}`,
      body: quote,
      // Opens the channel at the message (issue 23).
      link: `/chat?${new URLSearchParams({ type: message.chatType, channel: message.partner, message: change.subject.id })}`,
    },
  ];
}

export const chatNotices: NotificationRules = { 'message.sent': mentions, 'message.edited': mentions };

import type { Db } from '#server/db/client';
import { user } from '#server/db/schema';
import type { NotificationRules, RecordedChange } from '#server/service/notices';
import type { ChatType } from '#shared/chat';
import { mentionedIds } from '#shared/mentions';
import type { Feature } from '#shared/permissions';

/** How much of the message an @mention notification quotes. */
const QUOTE_LENGTH = 200;

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
  const quote =
    message.content.length > QUOTE_LENGTH ? `${message.content.slice(0, QUOTE_LENGTH - 1)}…` : message.content;
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

import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Access } from '#server/auth/permissions';
import type { Db } from '#server/db/client';
import { messages, partners, user } from '#server/db/schema';
import type { Audience } from '#server/realtime/event-bus';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { assertMentionsAllowed } from './members';
import type { MentionableText } from './notices';
import { readableChatTypes } from './readable';
import {
  isFixedChannel,
  type Cardholder,
  type Channel,
  type ChatAttachment,
  type ChatMessage,
  type ChatType,
} from '#shared/chat';
import { attachmentsByMessage, recordAttachments, type StoredAttachment } from './attachments';

/** How many of a channel's latest messages a screen loads. */
export const CHANNEL_PAGE = 200;
/** The most a reconnecting tab is sent; beyond that it is told to reload instead. */
export const REPLAY_LIMIT = 1000;

export function audienceFor(chatType: ChatType): Audience {
  return chatType === 'cardholder_success' ? { features: ['chat', 'cardholder_success'] } : { feature: 'chat' };
}

/**
 * D6: fixed channels, plus one channel per active cardholder not archived (issue 20: an
 * archived partner's channel is as closed as its card; its messages stay for an unarchive);
 * VIP channels need cardholder_success.
 */
export async function assertChannelAllowed(
  db: Db,
  channel: Channel,
  access: Pick<Access, 'permissions'>,
): Promise<void> {
  if (channel.chatType === 'cardholder_success' && !access.permissions.cardholder_success) {
    refuse(403, 'You do not have permission to do this.');
  }
  if (isFixedChannel(channel)) return;
  if (channel.chatType === 'cardholder_success') {
    const [found] = await db
      .select({ id: partners.id })
      .from(partners)
      .where(
        and(
          eq(partners.name, channel.partner),
          eq(partners.cardholderStatus, true),
          eq(partners.status, 'active'),
          isNull(partners.archivedAt),
        ),
      )
      .limit(1);
    if (found) return;
  }
  refuse(404, 'Channel not found');
}

/** Messages with their sender's name and email, in one query (D6: no call per message). */
export const messageColumns = {
  id: messages.id,
  content: messages.content,
  userId: messages.userId,
  userName: sql<string>`coalesce(nullif(${user.name}, ''), ${user.email}, 'Former member')`,
  userEmail: user.email,
  partner: messages.partner,
  chatType: messages.chatType,
  createdAt: messages.createdAt,
  revision: messages.revision,
  editedAt: messages.editedAt,
  deletedAt: messages.deletedAt,
};

/**
 * messageColumns where the author cannot be joined (the RETURNING of an insert or an update):
 * the same name and email, each by a subquery on the message's own user id.
 */
export const returnedMessageColumns = {
  ...messageColumns,
  userName: sql<string>`coalesce((select coalesce(nullif(${user.name}, ''), ${user.email}) from ${user} where ${user.id} = ${messages.userId}), 'Former member')`,
  userEmail: sql<string | null>`(select ${user.email} from ${user} where ${user.id} = ${messages.userId})`,
};

export interface MessageRow {
  id: number;
  content: string;
  userId: string | null;
  userName: string;
  userEmail: string | null;
  partner: string;
  chatType: ChatType;
  createdAt: Date;
  revision: number;
  editedAt: Date | null;
  deletedAt: Date | null;
}

/** `attachments` from attachmentsByMessage (one query per page); a deleted message shows none. */
function toChatMessage(row: MessageRow, attachments: Map<number, ChatAttachment[]>): ChatMessage {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    attachments: row.deletedAt ? [] : (attachments.get(row.id) ?? []),
  };
}

/** Rows as messages, their attachments read in one query (a page, a replay, one message). */
export async function toChatMessages(db: Db, rows: MessageRow[]): Promise<ChatMessage[]> {
  const attachments = await attachmentsByMessage(
    db,
    rows.filter((r) => !r.deletedAt).map((r) => r.id),
  );
  return rows.map((row) => toChatMessage(row, attachments));
}

/**
 * A message sent, edited or deleted, announced to its channel's readers; its revision is the
 * SSE id a reconnecting tab replays from.
 */
export function messageAnnouncement(message: ChatMessage) {
  return {
    audience: audienceFor(message.chatType),
    event: { type: 'chat.message' as const, message },
    id: message.revision,
  };
}

/**
 * Stores a message and announces it in the same transaction. The insert takes the chat order
 * lock before it numbers the message (migration 0035's statement trigger, decision 0152), so
 * ids are handed out in commit order; PostgreSQL delivers the notification at commit, so every
 * instance sees messages in id order: the order a reconnecting tab's cursor relies on.
 */
export async function sendMessage(
  ctx: ServiceContext,
  input: Channel & { content: string; attachments?: StoredAttachment[] },
): Promise<ChatMessage> {
  await assertChannelAllowed(ctx.db, input, ctx.actor);
  await assertMentionsAllowed(ctx.db, input, input.content);
  return ctx.change(async (tx) => {
    // The message as readers get it comes back from its insert, and its attachments from their
    // own: nothing is read back before it is announced (docs/decisions/0142).
    const [row] = await tx.db
      .insert(messages)
      .values({ content: input.content, userId: tx.actor.id, partner: input.partner, chatType: input.chatType })
      .returning(returnedMessageColumns);
    const attachments = await recordAttachments(tx.db, row!.id, input.attachments ?? []);
    const message = toChatMessage(row!, new Map([[row!.id, attachments]]));
    await tx.record({
      action: 'message.sent',
      subject: { type: 'message', id: String(message.id) },
      announce: messageAnnouncement(message),
      // The channel, not the text: the message row holds that. The mention rule gets the text.
      after: {
        partner: message.partner,
        chatType: message.chatType,
        ...(message.attachments.length > 0 && { attachments: message.attachments.map((a) => a.name) }),
      },
      unrecorded: message satisfies MentionableText,
    });
    return message;
  });
}

/**
 * What a tab missed after its cursor (a revision: new, edited and deleted messages alike), in
 * order, limited to the channels its reader may see.
 */
export async function replayMessages(db: Db, afterRevision: number, access: Access) {
  if (!access.permissions.chat) return { envelopes: [], complete: true };
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(user, eq(user.id, messages.userId))
    .where(and(gt(messages.revision, afterRevision), inArray(messages.chatType, readableChatTypes(access))))
    .orderBy(asc(messages.revision))
    .limit(REPLAY_LIMIT + 1);
  const complete = rows.length <= REPLAY_LIMIT;
  const replayed = await toChatMessages(db, rows.slice(0, REPLAY_LIMIT));
  const envelopes = replayed.map((message) => {
    return {
      audience: audienceFor(message.chatType),
      event: { type: 'chat.message' as const, message },
      id: message.revision,
    };
  });
  return { envelopes, complete };
}

/** Archived partners leave the list (issue 20); their channel's messages stay. */
export async function listCardholders(db: Db): Promise<Cardholder[]> {
  return db
    .select({ id: partners.id, name: partners.name, zone: partners.zone })
    .from(partners)
    .where(and(eq(partners.cardholderStatus, true), eq(partners.status, 'active'), isNull(partners.archivedAt)))
    .orderBy(asc(partners.name));
}

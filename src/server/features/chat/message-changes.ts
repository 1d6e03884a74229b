import { and, eq, isNull, sql } from 'drizzle-orm';
import { messageAttachments, messages } from '#server/db/schema';
import type { ChangeContext, ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import type { ChatMessage, ChatType } from '#shared/chat';
import { assertMentionsAllowed, mentionedIn } from './members';
import { requote, retractQuotes, type MentionableText } from './notices';
import { assertChannelAllowed, messageAnnouncement, returnedMessageColumns, toChatMessages } from './service';

/** The message as its author and channel decide who may change it; 404 when there is none. */
async function findMessage(ctx: ServiceContext, id: number) {
  const [row] = await ctx.db
    .select({
      id: messages.id,
      userId: messages.userId,
      chatType: messages.chatType,
      partner: messages.partner,
      content: messages.content,
      deletedAt: messages.deletedAt,
    })
    .from(messages)
    .where(eq(messages.id, id));
  if (!row) refuse(404, 'Message not found');
  // A message of a channel the person may not read is refused as the channel would be.
  await assertChannelAllowed(ctx.db, row, ctx.actor);
  return row;
}

/**
 * Gives the message the next revision in the statement that changes it. That statement takes
 * the chat order lock first (migration 0035's trigger), so revisions are handed out in commit
 * order, as ids are for new messages, and a reconnecting tab's cursor never skips a change
 * committed late (service.ts, sendMessage).
 * The update returns the message as readers get it; only an edited message's attachments are
 * read (a deleted one shows none), as for a message sent (docs/decisions/0142).
 */
async function reviseUnderLock(
  tx: ChangeContext,
  id: number,
  set: Partial<typeof messages.$inferInsert>,
): Promise<ChatMessage> {
  const [row] = await tx.db
    .update(messages)
    .set({ ...set, revision: sql`nextval('message_revision_seq')` })
    // Not already deleted: a delete that won the race leaves nothing to edit or delete.
    .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
    .returning(returnedMessageColumns);
  if (!row) refuse(409, 'This message was deleted.');
  const [message] = await toChatMessages(tx.db, [row]);
  return message!;
}

/** Own messages only (issue 23), with the rules of sending: length, emptiness, mentions. */
export async function editMessage(ctx: ServiceContext, id: number, content: string): Promise<ChatMessage> {
  const found = await findMessage(ctx, id);
  if (found.userId !== ctx.actor.id) refuse(403, 'You can only edit your own messages.');
  if (found.deletedAt) refuse(409, 'This message was deleted.');
  // Words may go from a message with files (a caption taken back); files are never added later.
  if (content === '' && !(await carriesFiles(ctx, id))) refuse(400, 'Message cannot be empty');
  await assertMentionsAllowed(ctx.db, found, content);
  // Who the old text mentioned were told when it was sent; the edit tells only the others.
  const mentionedBefore = await mentionedIn(ctx.db, found, found.content);
  return ctx.change(async (tx) => {
    const message = await reviseUnderLock(tx, id, { content, editedAt: new Date() });
    // Those already told quote the new words; the rule below tells the newly mentioned.
    const bells = await requote(tx.db, id, content);
    await tx.record({
      action: 'message.edited',
      subject: { type: 'message', id: String(id) },
      announce: [messageAnnouncement(message), ...bells],
      // The channel, not the text (as for a message sent); and the people already mentioned.
      before: { mentioned: mentionedBefore },
      after: { partner: message.partner, chatType: message.chatType },
      unrecorded: message satisfies MentionableText,
    });
    return message;
  });
}

async function carriesFiles(ctx: ServiceContext, id: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: messageAttachments.id })
    .from(messageAttachments)
    .where(eq(messageAttachments.messageId, id))
    .limit(1);
  return Boolean(row);
}

/**
 * The author, or an admin, deletes a message (issue 23). It keeps its place with no text and
 * no attachments; the attachments' stored objects go after the change commits (a crash
 * between leaves objects without rows, which the orphan sweep removes).
 */
export async function deleteMessage(ctx: ServiceContext, id: number): Promise<ChatMessage> {
  const found = await findMessage(ctx, id);
  if (found.userId !== ctx.actor.id && ctx.actor.role !== 'admin') {
    refuse(403, 'You can only delete your own messages.');
  }
  if (found.deletedAt) refuse(409, 'This message was already deleted.');
  const { message, storageKeys } = await ctx.change(async (tx) => {
    const removed = await tx.db
      .delete(messageAttachments)
      .where(eq(messageAttachments.messageId, id))
      .returning({ storageKey: messageAttachments.storageKey });
    const message = await reviseUnderLock(tx, id, { content: '', deletedAt: new Date(), deletedBy: tx.actor.id });
    const bells = await retractQuotes(tx.db, id);
    await tx.record({
      action: 'message.deleted',
      subject: { type: 'message', id: String(id) },
      announce: [messageAnnouncement(message), ...bells],
      before: { partner: found.partner, chatType: found.chatType as ChatType, author: found.userId },
    });
    return { message, storageKeys: removed.map((r) => r.storageKey) };
  });
  const { storage, logger } = ctx.deps;
  for (const key of storageKeys) {
    await storage
      .delete(key)
      .catch((err: unknown) =>
        logger.warn({ err, id }, "could not delete a deleted message's attachment; the sweep will"),
      );
  }
  return message;
}

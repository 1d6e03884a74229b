import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Access } from '#server/auth/permissions';
import type { Db } from '#server/db/client';
import { messageAttachments, messages } from '#server/db/schema';
import type { AppDeps } from '#server/http/app-env';
import type { IncomingFile } from '#server/http/multipart';
import { refuse } from '#server/service/errors';
import { newObjectKey } from '#server/storage/index';
import { readHead } from '#server/storage/read-head';
import { isPdf, sniffImageType } from '#server/storage/sniff';
import type { ChatAttachment } from '#shared/chat';
import { NOT_AN_IMAGE_ATTACHMENT } from '#shared/chat-attachments';
import { cleanFileName } from '#shared/schemas/files';
import { readableChatTypes } from './readable';

/** A file put into storage for a message that is not recorded yet. */
export interface StoredAttachment extends ChatAttachment {
  key: string;
}

const HEAD_BYTES = 64;
const IMAGE_EXTENSION = /\.(png|jpe?g|gif|webp|bmp|svg|svgz|ico|tiff?|avif|heic|heif)$/i;
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * The type recorded for an attachment, from its bytes where they tell: a file named or
 * declared as an image must be one of the pictures shown inline, else it is refused (issue 23,
 * "disguised as an image"). Anything else keeps a well-formed declared type, which is only ever
 * a download's label (it is served as an attachment, never inline).
 */
export function attachmentMimeType(head: Buffer, declared: string, name: string): string {
  const image = sniffImageType(head);
  if (image) return image;
  const type = declared.toLowerCase().split(';')[0]!.trim();
  if (type.startsWith('image/') || IMAGE_EXTENSION.test(name)) refuse(400, NOT_AN_IMAGE_ATTACHMENT);
  if (isPdf(head)) return 'application/pdf';
  return MIME_TYPE.test(type) && type !== 'application/pdf' ? type : 'application/octet-stream';
}

/** Streams one file into storage under `chat-attachments/<its future row id>`. */
export async function storeAttachment(deps: AppDeps, incoming: IncomingFile): Promise<StoredAttachment> {
  const name = cleanFileName(incoming.filename);
  const { head, body } = await readHead(incoming.stream, HEAD_BYTES);
  let mimeType: string;
  try {
    mimeType = attachmentMimeType(head, incoming.mimeType, name);
  } catch (err) {
    // The rest of the file is read and dropped (multipart.ts), so the request still completes.
    body.destroy();
    throw err;
  }
  const id = randomUUID();
  const key = newObjectKey('chat-attachments', id);
  const { size } = await deps.storage.put(key, body, {
    contentType: mimeType,
    maxBytes: Math.floor(deps.config.MAX_UPLOAD_MB * 1024 * 1024),
  });
  return { id, key, name, size, mimeType };
}

/**
 * Rows for a message's stored files, inside the transaction that records the message; the
 * attachments as the message shows them, in the order sent (as attachmentsByMessage reads them).
 */
export async function recordAttachments(
  db: Db,
  messageId: number,
  stored: StoredAttachment[],
): Promise<ChatAttachment[]> {
  if (stored.length === 0) return [];
  // The table has no position column: creation times a millisecond apart keep the order sent.
  const start = Date.now();
  await db.insert(messageAttachments).values(
    stored.map((s, i) => ({
      createdAt: new Date(start + i),
      id: s.id,
      messageId,
      storageKey: s.key,
      name: s.name,
      size: s.size,
      mimeType: s.mimeType,
    })),
  );
  return stored.map(({ id, name, size, mimeType }) => ({ id, name, size, mimeType }));
}

/** The attachments of many messages in one query (never one per message), by message id. */
export async function attachmentsByMessage(db: Db, messageIds: number[]): Promise<Map<number, ChatAttachment[]>> {
  const byMessage = new Map<number, ChatAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({
      messageId: messageAttachments.messageId,
      id: messageAttachments.id,
      name: messageAttachments.name,
      size: messageAttachments.size,
      mimeType: messageAttachments.mimeType,
    })
    .from(messageAttachments)
    .where(inArray(messageAttachments.messageId, messageIds))
    .orderBy(asc(messageAttachments.createdAt), asc(messageAttachments.id));
  for (const { messageId, ...attachment } of rows) {
    const list = byMessage.get(messageId) ?? [];
    list.push(attachment);
    byMessage.set(messageId, list);
  }
  return byMessage;
}

/**
 * An attachment its reader may open: the message is not deleted and its channel is one the
 * reader may see (VIP channels need cardholder_success). Anything else is "not found", so an
 * id does not tell whether a hidden attachment exists.
 */
export async function readableAttachment(db: Db, id: string, access: Pick<Access, 'permissions'>) {
  const [row] = await db
    .select({
      key: messageAttachments.storageKey,
      name: messageAttachments.name,
      mimeType: messageAttachments.mimeType,
      chatType: messages.chatType,
    })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(and(eq(messageAttachments.id, id), isNull(messages.deletedAt)))
    .limit(1);
  if (!row || !readableChatTypes(access).includes(row.chatType)) refuse(404, 'Attachment not found');
  return row;
}

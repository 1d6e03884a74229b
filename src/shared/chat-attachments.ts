import { z } from 'zod';
import { channelSchema, MESSAGE_MAX_LENGTH } from './chat';

/** A message carries at most this many files (docs/decisions/0124). */
export const MAX_ATTACHMENTS = 5;
/** The multipart field the files travel in. */
export const ATTACHMENT_FIELD = 'files';

/** Images shown inline in a message; their bytes were checked when they were sent. */
export const INLINE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const isInlineImage = (mimeType: string) => (INLINE_IMAGE_TYPES as readonly string[]).includes(mimeType);

/** The text fields of a message sent with files: unlike the JSON send, the text may be empty. */
export const sendWithFilesFieldsSchema = channelSchema.extend({
  content: z
    .string()
    .trim()
    .max(MESSAGE_MAX_LENGTH, `Messages are limited to ${MESSAGE_MAX_LENGTH} characters`)
    .default(''),
});

export const attachmentIdSchema = z.object({ id: z.uuid('Attachment not found') });
export const attachmentQuerySchema = z.object({ download: z.enum(['1']).optional() });

export const attachmentUrl = (id: string, download = false) =>
  `/api/chat/attachments/${id}${download ? '?download=1' : ''}`;

export const NOT_AN_IMAGE_ATTACHMENT =
  'This file is named or typed as an image but is not a PNG, JPEG, GIF or WebP picture.';
export const TOO_MANY_ATTACHMENTS = `A message can carry at most ${MAX_ATTACHMENTS} files.`;

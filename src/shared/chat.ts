import { z } from 'zod';

/** Chat channels (DECISIONS.md D6). A message's `partner` is its channel's name. */
export const PARTNER_CHANNELS = [
  'General Partners',
  'Prayer Partners',
  'Monthly Supporters',
  'Event Volunteers',
  'New Partners',
] as const;
export const COORDINATOR_CHANNELS = [
  'All Coordinators',
  'Zone Leaders',
  'Outreach Team',
  'Events Team',
  'Admin Support',
] as const;
export const CARDHOLDER_GROUP_CHANNELS = ['Cardholders Group', 'Success Team Group'] as const;

export const CHAT_TYPES = ['partner', 'coordinator', 'cardholder_success'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

export const CHAT_TYPE_BADGES: Record<ChatType, string> = {
  partner: 'Partner',
  coordinator: 'Coordinator',
  cardholder_success: 'VIP Exclusive',
};

export const MESSAGE_MAX_LENGTH = 4000;

export const channelSchema = z.object({
  chatType: z.enum(CHAT_TYPES, 'Unknown channel type'),
  partner: z.string().trim().min(1, 'Choose a channel').max(200),
});
export type Channel = z.infer<typeof channelSchema>;

export const sendMessageSchema = channelSchema.extend({
  content: z
    .string()
    .trim()
    .min(1, 'Message cannot be empty')
    .max(MESSAGE_MAX_LENGTH, `Messages are limited to ${MESSAGE_MAX_LENGTH} characters`),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/**
 * Whether a channel name is one of the fixed channels of its type. Cardholder channels may
 * also be named after an active cardholder partner, which only the server can check.
 */
export function isFixedChannel({ chatType, partner }: Channel): boolean {
  const fixed: readonly string[] =
    chatType === 'partner'
      ? PARTNER_CHANNELS
      : chatType === 'coordinator'
        ? COORDINATOR_CHANNELS
        : CARDHOLDER_GROUP_CHANNELS;
  return fixed.includes(partner);
}

/** A message as the API and the realtime stream deliver it. */
export interface ChatMessage {
  id: number;
  content: string;
  userId: string | null;
  /** Full name, else email (SPEC "messages"). */
  userName: string;
  userEmail: string | null;
  partner: string;
  chatType: ChatType;
  createdAt: string;
  /**
   * Bumped by every change to the message (sent, edited, deleted; issue 23). The realtime
   * stream's event id: a tab that sees a message again keeps the higher revision.
   */
  revision: number;
  editedAt: string | null;
  /** A deleted message keeps its place with empty content and no attachments. */
  deletedAt: string | null;
  attachments: ChatAttachment[];
}

/** An image or file sent with a message (issue 23), served by /api/chat/attachments/:id. */
export interface ChatAttachment {
  id: string;
  name: string;
  size: number;
  mimeType: string;
}

export interface Cardholder {
  id: string;
  name: string;
  zone: string | null;
}

/** A message id in a path or query (the history cursors, edit and delete). */
const messageId = (label: string) =>
  z.coerce
    .number({ error: `Invalid ${label}` })
    .int(`Invalid ${label}`)
    .positive(`Invalid ${label}`)
    .max(Number.MAX_SAFE_INTEGER, `Invalid ${label}`);

export const messageIdParamSchema = z.object({ id: messageId('message id') });

/**
 * A page of a channel (issue 23): the latest, the one `before` a message (scrolling up), the one
 * `after` a message (scrolling down from an older page towards the present), or the one
 * `around` a message (a search result, a mention's link).
 */
export const channelPageSchema = channelSchema
  .extend({
    before: messageId('message id').optional(),
    after: messageId('message id').optional(),
    around: messageId('message id').optional(),
  })
  .refine((q) => [q.before, q.after, q.around].filter((c) => c !== undefined).length <= 1, {
    message: 'Ask for the page before, after or around a message, only one of them',
  });
export type ChannelPageQuery = z.infer<typeof channelPageSchema>;

/** One page of a channel's messages, as its history reads it. */
export interface ChannelMessages {
  messages: ChatMessage[];
  /** Older messages exist before the first one. */
  hasOlder: boolean;
  /** Newer messages exist after the last one (a page `around` a message). */
  hasNewer: boolean;
}

/** The messages route's answer: the page, and what the composer needs to refuse a file early. */
export interface ChannelPage extends ChannelMessages {
  /** The largest file a message may carry (MAX_UPLOAD_MB), so one too large is refused when chosen. */
  maxUploadMb: number;
}

/**
 * An edit may take all the words away from a message that carries files (the server checks it
 * does); a message of words only still needs them: deleting it is how it goes.
 */
export const editMessageSchema = z.object({
  content: z.string().trim().max(MESSAGE_MAX_LENGTH, `Messages are limited to ${MESSAGE_MAX_LENGTH} characters`),
});
export type EditMessageInput = z.infer<typeof editMessageSchema>;

export const markReadSchema = channelSchema.extend({ lastReadId: messageId('read position') });
export type MarkReadInput = z.infer<typeof markReadSchema>;

/**
 * Unread counts stop at this many per channel (shown "99+"), so a channel never read with a
 * million messages costs a hundred index entries, not a million.
 */
export const UNREAD_CAP = 100;

export interface ChannelUnread {
  chatType: ChatType;
  partner: string;
  /** Messages of others after the read position, not deleted; at most UNREAD_CAP. */
  count: number;
  lastReadId: number;
  /** The channel's newest message when counted: a live message above it is new. */
  latestId: number;
}

/** Someone who can see a channel, as the @mention autocomplete offers them. */
export interface ChannelMember {
  id: string;
  name: string;
}

/** "3", or "99+" once the count reaches the cap. */
export function unreadLabel(count: number): string {
  return count >= UNREAD_CAP ? `${UNREAD_CAP - 1}+` : String(count);
}

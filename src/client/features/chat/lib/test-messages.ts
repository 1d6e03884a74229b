import type { ChatMessage } from '#shared/chat';

/** The channel the chat cache tests use. */
export const testChannel = { chatType: 'coordinator', partner: 'Outreach Team' } as const;

/** A message in that channel as the server sends it, numbered `id`, by someone else unless said. */
export const testMessage = (id: number, changes: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  revision: id,
  content: `message ${id}`,
  userId: 'someone-else',
  userName: 'Ann',
  userEmail: null,
  ...testChannel,
  createdAt: '2026-11-28T09:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  attachments: [],
  ...changes,
});

import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ensureOk } from '@/lib/api';
import { useRealtimeEvent, useRefetchOn } from '@/lib/realtime';
import { updateCachedAndLoading } from '@/lib/refresh-queries';
import type { Channel, ChannelUnread, ChatMessage } from '#shared/chat';

export async function getUnread(): Promise<ChannelUnread[]> {
  const response = await ensureOk(await api.api.chat.unread.$get());
  return ((await response.json()) as { channels: ChannelUnread[] }).channels;
}

export const unreadQueryKey = ['chat', 'unread'] as const;
export const unreadQueryOptions = queryOptions({ queryKey: unreadQueryKey, queryFn: getUnread });

export const sameChannel = (a: Channel, b: Channel) => a.chatType === b.chatType && a.partner === b.partner;

/**
 * Counts one message of someone else into its channel's unread count, once: only a message
 * newer than any the count has seen (an edit or a delete of an older one is not news), and
 * never past the cap's "99+"; into counts still loading too, once they are in.
 */
export function countIncoming(queryClient: QueryClient, message: ChatMessage, userId: string | undefined) {
  if (message.userId === userId || message.deletedAt || message.editedAt) return;
  updateCachedAndLoading<ChannelUnread[]>(queryClient, unreadQueryKey, (channels) =>
    channels?.map((c) =>
      sameChannel(c, message) && message.id > c.latestId
        ? { ...c, latestId: message.id, count: Math.min(c.count + 1, 100) }
        : c,
    ),
  );
}

/**
 * The person's unread counts per channel, kept live without asking the server for each
 * message: messages of others count up here (the open channel marks itself read, which sets
 * its count back), a read in another tab or device (`chat.read`) reloads the counts, as does a
 * tab that missed too much to replay.
 */
export function useUnread(userId: string | undefined, enabled = true) {
  const queryClient = useQueryClient();
  useRealtimeEvent(
    'chat.message',
    useCallback(
      (event: { message: ChatMessage }) => countIncoming(queryClient, event.message, userId),
      [queryClient, userId],
    ),
  );
  useRefetchOn(['chat.read', 'chat.resync'], unreadQueryKey);
  return useQuery({ ...unreadQueryOptions, enabled });
}

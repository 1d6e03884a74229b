import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ensureOk } from '@/lib/api';
import { useRealtimeEvent, useRefetchOn } from '@/lib/realtime';
import { countIncoming, unreadQueryKey } from '../lib/unread-cache';
import type { ChannelUnread, ChatMessage } from '#shared/chat';

export async function getUnread(): Promise<ChannelUnread[]> {
  const response = await ensureOk(await api.api.chat.unread.$get());
  return ((await response.json()) as { channels: ChannelUnread[] }).channels;
}

export const unreadQueryOptions = queryOptions({ queryKey: unreadQueryKey, queryFn: getUnread });

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

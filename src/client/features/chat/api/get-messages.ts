import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ensureOk } from '@/lib/api';
import { useRealtimeEvent, useRefetchOn } from '@/lib/realtime';
import type { Channel, ChatMessage } from '#shared/chat';

export async function getMessages(channel: Channel): Promise<ChatMessage[]> {
  const response = await ensureOk(await api.api.chat.messages.$get({ query: channel }));
  return ((await response.json()) as { messages: ChatMessage[] }).messages;
}

export const messagesQueryKey = (channel: Channel) => ['chat', 'messages', channel.chatType, channel.partner] as const;

export const messagesQueryOptions = (channel: Channel) =>
  queryOptions({ queryKey: messagesQueryKey(channel), queryFn: () => getMessages(channel) });

/**
 * A channel's messages, kept live: a new message (ours or anyone's) joins its channel's cached
 * list, and a tab that missed more than the server replays reloads every channel.
 */
export function useMessages(channel: Channel) {
  const queryClient = useQueryClient();
  useRealtimeEvent(
    'chat.message',
    useCallback((event: { message: ChatMessage }) => addMessageToCache(queryClient, event.message), [queryClient]),
  );
  useRefetchOn(['chat.resync'], ['chat']);
  return useQuery(messagesQueryOptions(channel));
}

/**
 * Adds a message to its channel's cached list once, in id order, whether it comes back from
 * our own send or over the realtime stream (whichever is first).
 */
export function addMessageToCache(queryClient: QueryClient, message: ChatMessage) {
  queryClient.setQueryData<ChatMessage[]>(messagesQueryKey(message), (current) => {
    if (!current || current.some((m) => m.id === message.id)) return current;
    return [...current, message].sort((a, b) => a.id - b.id);
  });
}

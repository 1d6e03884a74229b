import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { Channel, ChatMessage } from '../../../../shared/chat';

export async function getMessages(channel: Channel): Promise<ChatMessage[]> {
  const response = await ensureOk(await api.api.chat.messages.$get({ query: channel }));
  return ((await response.json()) as { messages: ChatMessage[] }).messages;
}

export const messagesQueryKey = (channel: Channel) => ['chat', 'messages', channel.chatType, channel.partner] as const;

export const messagesQueryOptions = (channel: Channel) =>
  queryOptions({ queryKey: messagesQueryKey(channel), queryFn: () => getMessages(channel) });

export function useMessages(channel: Channel) {
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

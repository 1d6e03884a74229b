import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ensureOk } from '@/lib/api';
import { useRealtimeEvent, useRefetchOn } from '@/lib/realtime';
import { addMessageToCache, channelMessagesKey } from '../lib/message-cache';
import type { Channel, ChannelPage, ChannelPageQuery, ChatMessage } from '#shared/chat';

export async function getMessages(query: ChannelPageQuery): Promise<ChannelPage> {
  const { before, after, around, ...channel } = query;
  const response = await ensureOk(
    await api.api.chat.messages.$get({
      query: {
        ...channel,
        ...(before === undefined ? {} : { before: String(before) }),
        ...(after === undefined ? {} : { after: String(after) }),
        ...(around === undefined ? {} : { around: String(around) }),
      },
    }),
  );
  return (await response.json()) as ChannelPage;
}

export const messagesQueryKey = (channel: Channel, around?: number) =>
  [...channelMessagesKey(channel), around ?? 'latest'] as const;

export const messagesQueryOptions = (channel: Channel, around?: number) =>
  queryOptions({
    queryKey: messagesQueryKey(channel, around),
    queryFn: () => getMessages({ chatType: channel.chatType, partner: channel.partner, around }),
  });

/**
 * A channel's messages, kept live: a new, edited or deleted message (ours or anyone's) joins or
 * replaces its copy in the channel's cached pages, and a tab that missed more than the server
 * replays reloads every channel. `around` opens the page centred on a message (a link to it).
 */
export function useMessages(channel: Channel, around?: number) {
  const queryClient = useQueryClient();
  useRealtimeEvent(
    'chat.message',
    useCallback((event: { message: ChatMessage }) => addMessageToCache(queryClient, event.message), [queryClient]),
  );
  useRefetchOn(['chat.resync'], ['chat']);
  return useQuery(messagesQueryOptions(channel, around));
}

/** Adds the page before the first loaded message to the front of a cached page. */
export async function loadOlderMessages(queryClient: QueryClient, channel: Channel, around?: number) {
  const key = messagesQueryKey(channel, around);
  const current = queryClient.getQueryData<ChannelPage>(key);
  const first = current?.messages[0];
  if (!current || !first || !current.hasOlder) return;
  const older = await getMessages({ chatType: channel.chatType, partner: channel.partner, before: first.id });
  queryClient.setQueryData<ChannelPage>(key, (page) => {
    if (!page) return page;
    const known = new Set(page.messages.map((m) => m.id));
    return {
      ...page,
      messages: [...older.messages.filter((m) => !known.has(m.id)), ...page.messages],
      hasOlder: older.hasOlder,
    };
  });
}

/**
 * Adds the page after the last loaded message to the end of a page opened around an older
 * message, as the reader scrolls down. Once it reaches the present (`hasNewer` false), new
 * messages join it live like the latest page.
 */
export async function loadNewerMessages(queryClient: QueryClient, channel: Channel, around?: number) {
  const key = messagesQueryKey(channel, around);
  const current = queryClient.getQueryData<ChannelPage>(key);
  const last = current?.messages.at(-1);
  if (!current || !last || !current.hasNewer) return;
  const newer = await getMessages({ chatType: channel.chatType, partner: channel.partner, after: last.id });
  queryClient.setQueryData<ChannelPage>(key, (page) => {
    if (!page) return page;
    const known = new Set(page.messages.map((m) => m.id));
    return {
      ...page,
      messages: [...page.messages, ...newer.messages.filter((m) => !known.has(m.id))],
      hasNewer: newer.hasNewer,
    };
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { Channel, ChannelMember } from '#shared/chat';

export async function getMembers(channel: Channel): Promise<ChannelMember[]> {
  const response = await ensureOk(await api.api.chat.members.$get({ query: channel }));
  return ((await response.json()) as { members: ChannelMember[] }).members;
}

/** The people who can see a channel (the @mention autocomplete); fetched when first needed. */
export const membersQueryOptions = (channel: Channel) =>
  queryOptions({
    queryKey: ['chat', 'members', channel.chatType, channel.partner],
    queryFn: () => getMembers(channel),
    staleTime: 60_000,
  });

export function useMembers(channel: Channel, enabled: boolean) {
  return useQuery({ ...membersQueryOptions(channel), enabled });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { ChannelUnread, MarkReadInput } from '#shared/chat';
import { sameChannel, unreadQueryKey } from '../lib/unread-cache';

export async function markRead(input: MarkReadInput): Promise<{ lastReadId: number }> {
  const response = await ensureOk(await api.api.chat.read.$post({ json: input }));
  return (await response.json()) as { lastReadId: number };
}

/** Moves the read position; the channel's count drops to nothing read after it at once. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (input) =>
      queryClient.setQueryData<ChannelUnread[]>(unreadQueryKey, (channels) =>
        channels?.map((c) =>
          sameChannel(c, input) && input.lastReadId >= c.latestId
            ? { ...c, count: 0, lastReadId: Math.max(c.lastReadId, input.lastReadId) }
            : c,
        ),
      ),
  });
}

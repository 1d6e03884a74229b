import type { QueryClient } from '@tanstack/react-query';
import { updateCachedAndLoading } from '@/lib/refresh-queries';
import type { Channel, ChannelUnread, ChatMessage } from '#shared/chat';

// The cached unread counts per channel, counted up by the realtime stream. Apart from the API
// call (../api/get-unread.ts) so its rules are unit-tested.

export const unreadQueryKey = ['chat', 'unread'] as const;

export const sameChannel = (a: Channel, b: Channel) => a.chatType === b.chatType && a.partner === b.partner;

/**
 * Counts one message of someone else into its channel's unread count, once: only a message
 * newer than any the count has seen (an edit or a delete of an older one is not news), and
 * never past the cap's "99+"; into counts still loading too, once they are in.
 */
export function countIncoming(queryClient: QueryClient, message: ChatMessage, userId: string | undefined) {
  if (message.userId !== userId && message.deletedAt && countedUnread(queryClient, message)) {
    // An unread message deleted no longer counts: the counts are read again (a deletion is rare,
    // and counting down by hand could not tell a count at the cap from the true one).
    void queryClient.invalidateQueries({ queryKey: unreadQueryKey });
    return;
  }
  if (message.userId === userId || message.deletedAt || message.editedAt) return;
  updateCachedAndLoading<ChannelUnread[]>(queryClient, unreadQueryKey, (channels) =>
    channels?.map((c) =>
      sameChannel(c, message) && message.id > c.latestId
        ? { ...c, latestId: message.id, count: Math.min(c.count + 1, 100) }
        : c,
    ),
  );
}

/** Whether `message` is among its channel's cached unread count (after the read position, seen by the count). */
function countedUnread(queryClient: QueryClient, message: ChatMessage): boolean {
  const channel = queryClient.getQueryData<ChannelUnread[]>(unreadQueryKey)?.find((c) => sameChannel(c, message));
  return (
    channel !== undefined && channel.count > 0 && message.id > channel.lastReadId && message.id <= channel.latestId
  );
}

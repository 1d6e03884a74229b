import { useUnread } from '../api/get-unread';

/**
 * The total of the person's unread chat messages, for the sidebar's Chat entry; live while
 * the sidebar is mounted. Each channel's count stops at the cap, so the total is a floor.
 */
export function useChatUnreadTotal(userId: string | undefined, enabled: boolean): number {
  const { data } = useUnread(userId, enabled);
  return (data ?? []).reduce((sum, c) => sum + c.count, 0);
}

import type { QueryClient } from '@tanstack/react-query';
import { updateCachedAndLoading } from '@/lib/refresh-queries';
import type { ChannelPage, ChatMessage } from '#shared/chat';

// The cached pages of a channel's messages, kept current by sends, edits, deletes and the
// realtime stream. Apart from the API calls (../api) so its rules are unit-tested.

/** Every cached page of a channel (the latest, or one around a message) starts with this key. */
export const channelMessagesKey = (channel: Pick<ChatMessage, 'chatType' | 'partner'>) =>
  ['chat', 'messages', channel.chatType, channel.partner] as const;

/**
 * Puts a message into its channel's cached pages once, in id order, whether it comes back
 * from our own send or edit or over the realtime stream (whichever is first). A copy already
 * there is replaced only by a higher revision (an edit or a delete), so a late echo of an
 * older state never undoes a newer one. A page that does not reach the present (one around an
 * older message) takes no new messages: they would leave a gap. A page being loaded when the
 * message arrives takes it once its answer is in, since the server may have read it before.
 */
export function addMessageToCache(queryClient: QueryClient, message: ChatMessage) {
  updateCachedAndLoading<ChannelPage>(queryClient, channelMessagesKey(message), (page) =>
    page ? upsertMessage(page, message) : page,
  );
}

export function upsertMessage(page: ChannelPage, message: ChatMessage): ChannelPage {
  const at = page.messages.findIndex((m) => m.id === message.id);
  if (at !== -1) {
    if (page.messages[at]!.revision >= message.revision) return page;
    const messages = [...page.messages];
    messages[at] = message;
    return { ...page, messages };
  }
  const first = page.messages[0];
  const last = page.messages.at(-1);
  // Older than what is loaded: it arrives with the older page when scrolled to.
  if (first && message.id < first.id && page.hasOlder) return page;
  if (last && message.id > last.id && page.hasNewer) return page;
  return { ...page, messages: [...page.messages, message].sort((a, b) => a.id - b.id) };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { isQueued, sendOrQueue, type Queued } from '@/offline/queue';
import type { ChatMessage, SendMessageInput } from '#shared/chat';
import { addMessageToCache, channelMessagesKey } from '../lib/message-cache';

export async function sendMessage(input: SendMessageInput, headers: Record<string, string> = {}): Promise<ChatMessage> {
  const response = await ensureOk(await api.api.chat.messages.$post({ json: input }, { headers }));
  return ((await response.json()) as { message: ChatMessage }).message;
}

/** Sends a message, or keeps it on this device while offline and sends it later (issue 24). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation<ChatMessage | Queued, Error, SendMessageInput>({
    mutationFn: (input) =>
      sendOrQueue(
        {
          kind: 'chat.message',
          label: `Message in ${input.partner}`,
          method: 'POST',
          path: '/api/chat/messages',
          body: input,
          refresh: [[...channelMessagesKey(input)]],
        },
        (headers) => sendMessage(input, headers),
      ),
    onSuccess: (result) => {
      if (!isQueued(result)) addMessageToCache(queryClient, result);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { ChatMessage, SendMessageInput } from '#shared/chat';
import { addMessageToCache } from './get-messages';

export async function sendMessage(input: SendMessageInput): Promise<ChatMessage> {
  const response = await ensureOk(await api.api.chat.messages.$post({ json: input }));
  return ((await response.json()) as { message: ChatMessage }).message;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => addMessageToCache(queryClient, message),
  });
}

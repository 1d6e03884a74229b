import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { ChatMessage } from '#shared/chat';
import { addMessageToCache } from '../lib/message-cache';

export async function deleteMessage(id: number): Promise<ChatMessage> {
  const response = await ensureOk(await api.api.chat.messages[':id'].$delete({ param: { id: String(id) } }));
  return ((await response.json()) as { message: ChatMessage }).message;
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMessage, onSuccess: (message) => addMessageToCache(queryClient, message) });
}

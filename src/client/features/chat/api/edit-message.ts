import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { ChatMessage } from '#shared/chat';
import { addMessageToCache } from '../lib/message-cache';

export async function editMessage({ id, content }: { id: number; content: string }): Promise<ChatMessage> {
  const response = await ensureOk(
    await api.api.chat.messages[':id'].$patch({ param: { id: String(id) }, json: { content } }),
  );
  return ((await response.json()) as { message: ChatMessage }).message;
}

export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: editMessage, onSuccess: (message) => addMessageToCache(queryClient, message) });
}

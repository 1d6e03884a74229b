import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMultipart } from '@/lib/upload';
import type { Channel, ChatMessage } from '#shared/chat';
import { ATTACHMENT_FIELD } from '#shared/chat-attachments';
import { addMessageToCache } from '../lib/message-cache';

export interface SendWithFilesInput extends Channel {
  content: string;
  files: File[];
  /** The upload's Cancel button: the message is not sent and stays in the box. */
  signal?: AbortSignal;
}

/** A message with files, as one multipart request (XHR, for its upload progress: 0 to 1). */
export async function sendMessageWithFiles(
  input: SendWithFilesInput,
  onProgress: (fraction: number) => void,
): Promise<ChatMessage> {
  const form = new FormData();
  // The text fields first, then the files.
  form.set('chatType', input.chatType);
  form.set('partner', input.partner);
  form.set('content', input.content);
  for (const file of input.files) form.append(ATTACHMENT_FIELD, file, file.name);
  const { message } = await sendMultipart<{ message: ChatMessage }>(
    '/api/chat/messages',
    'POST',
    form,
    (sent, total) => onProgress(total > 0 ? Math.min(1, sent / total) : 1),
    input.signal,
  );
  return message;
}

export function useSendMessageWithFiles(onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendWithFilesInput) => sendMessageWithFiles(input, onProgress),
    onSuccess: (message) => addMessageToCache(queryClient, message),
  });
}

import { Clock } from 'lucide-react';
import { useQueuedWrites } from '@/offline/queue-store';
import type { Channel, SendMessageInput } from '#shared/chat';

/**
 * Messages typed offline in this channel, waiting on this device (issue 24): shown under the
 * history as pending until they are sent; a refused one says so in the offline banner.
 */
export function PendingMessages({ channel }: { channel: Channel }) {
  const pending = useQueuedWrites().filter((write) => {
    if (write.kind !== 'chat.message' || write.refused) return false;
    const body = write.body as SendMessageInput;
    return body.chatType === channel.chatType && body.partner === channel.partner;
  });
  if (pending.length === 0) return null;
  return (
    <ul aria-label="Messages waiting to be sent" className="space-y-2 border-t px-4 py-3">
      {pending.map((write) => (
        <li key={write.id} className="ml-auto max-w-[80%] rounded-lg bg-muted px-3 py-2 text-sm">
          <p className="break-words whitespace-pre-wrap">{(write.body as SendMessageInput).content}</p>
          <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
            <Clock aria-hidden="true" className="size-3" /> Pending: will send when you are back online
          </p>
        </li>
      ))}
    </ul>
  );
}

import { useState } from 'react';
import { toast } from '@/lib/toast';
import { MAX_ATTACHMENTS } from '#shared/chat-attachments';

/**
 * The files chosen for each channel's next message (kept per channel, like the drafts, so a
 * file never goes to a channel it was not chosen in), at most MAX_ATTACHMENTS of them.
 */
export function usePendingFiles(key: string) {
  const [byChannel, setByChannel] = useState<Record<string, File[]>>({});
  const files = byChannel[key] ?? [];
  const set = (next: File[]) => setByChannel((all) => ({ ...all, [key]: next }));
  const add = (added: File[]) => {
    const next = [...files, ...added];
    if (next.length > MAX_ATTACHMENTS) {
      toast.error(`A message can carry at most ${MAX_ATTACHMENTS} files.`);
    }
    set(next.slice(0, MAX_ATTACHMENTS));
  };
  const remove = (index: number) => set(files.filter((_, i) => i !== index));
  const clear = () => set([]);
  /** Whether any channel has files waiting for its next message. */
  const waiting = Object.values(byChannel).some((chosen) => chosen.length > 0);
  return { files, add, remove, clear, waiting };
}

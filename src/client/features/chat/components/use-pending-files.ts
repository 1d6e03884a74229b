import { useState } from 'react';
import { toast } from '@/lib/toast';
import { MAX_ATTACHMENTS } from '#shared/chat-attachments';

/**
 * The files chosen for each channel's next message (kept per channel, like the drafts, so a
 * file never goes to a channel it was not chosen in), at most MAX_ATTACHMENTS of them. A file
 * larger than the server takes is refused when chosen, as in the file manager, not after Send.
 */
export function usePendingFiles(key: string, maxUploadMb: number) {
  const [byChannel, setByChannel] = useState<Record<string, File[]>>({});
  const files = byChannel[key] ?? [];
  const set = (next: File[]) => setByChannel((all) => ({ ...all, [key]: next }));
  const add = (chosen: File[]) => {
    const limit = maxUploadMb * 1024 * 1024;
    for (const file of chosen.filter((f) => f.size > limit)) {
      toast.error(`"${file.name}" is larger than ${maxUploadMb} MB and cannot be attached.`);
    }
    const added = chosen.filter((f) => f.size <= limit);
    if (added.length === 0) return;
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

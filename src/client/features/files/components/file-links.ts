import { toast } from '@/lib/toast';
import { checkAvailable } from '@/lib/upload';
import type { FileEntry } from '#shared/schemas/files';

export const previewUrl = (file: FileEntry) => `/api/files/${encodeURIComponent(file.id)}/preview`;
export const downloadUrl = (file: FileEntry) => `/api/files/${encodeURIComponent(file.id)}/download`;

export function loadFailedMessage(err: unknown) {
  return `Failed to load file: ${err instanceof Error ? err.message : String(err)}`;
}

/**
 * Checks that the file can still be fetched (so a vanished file gets a toast, not a broken
 * download), then lets the browser download it as the server names it, streaming.
 */
export async function startDownload(file: FileEntry) {
  try {
    await checkAvailable(downloadUrl(file));
  } catch (err) {
    toast.error(loadFailedMessage(err));
    return;
  }
  const link = document.createElement('a');
  link.href = downloadUrl(file);
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
}

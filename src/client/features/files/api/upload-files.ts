import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holdWhileSending } from '@/lib/unsaved-changes';
import { sendMultipart } from '@/lib/upload';
import type { FileEntry } from '#shared/schemas/files';
import { folderQueryKey } from './get-folder';

export interface UploadResult {
  uploaded: FileEntry[];
  failed: { name: string; message: string }[];
  /** Files kept under another name than they were sent with ("notes (1).txt" beside a "notes.txt", decision 0041). */
  renamed: { sent: string; kept: string }[];
}

/**
 * Uploads files one request each, in turn, reporting progress over all of them (0 to 1).
 * One file failing does not stop the others. Closing the tab asks until the last one is sent.
 */
export async function uploadFiles(
  folder: string,
  files: File[],
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
  let done = 0;
  const result: UploadResult = { uploaded: [], failed: [], renamed: [] };
  const release = holdWhileSending();
  try {
    for (const file of files) {
      const form = new FormData();
      form.set('file', file, file.name);
      try {
        const { file: entry } = await sendMultipart<{ file: FileEntry }>(
          `/api/files?${new URLSearchParams({ folder })}`,
          'POST',
          form,
          (sent, size) => onProgress(Math.min(1, (done + (sent / size) * file.size) / total)),
        );
        result.uploaded.push(entry);
        if (entry.name !== file.name) result.renamed.push({ sent: file.name, kept: entry.name });
      } catch (err) {
        result.failed.push({ name: file.name, message: err instanceof Error ? err.message : String(err) });
      }
      done += file.size;
      onProgress(Math.min(1, done / total));
    }
  } finally {
    release();
  }
  return result;
}

export function useUploadFiles(folder: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => uploadFiles(folder, files, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: folderQueryKey(folder) }),
  });
}

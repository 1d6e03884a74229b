import { useMutation, useQueryClient } from '@tanstack/react-query';
import { holdWhileSending } from '@/lib/unsaved-changes';
import { isUploadCancelled, sendMultipart } from '@/lib/upload';
import type { FileEntry } from '#shared/schemas/files';
import { folderQueryKey } from './get-folder';

export interface UploadResult {
  uploaded: FileEntry[];
  failed: { name: string; message: string }[];
  /** Files kept under another name than they were sent with ("notes (1).txt" beside a "notes.txt", decision 0041). */
  renamed: { sent: string; kept: string }[];
  /** Files not uploaded because Cancel was pressed: the one being sent and those after it. */
  cancelled: number;
}

/** Where a batch of uploads is: over all its files (0 to 1), and the file being sent. */
export interface UploadProgressState {
  fraction: number;
  name: string;
  /** 1-based position of that file in the batch. */
  index: number;
  count: number;
}

/**
 * Uploads files one request each, in turn, reporting progress over all of them. One file
 * failing does not stop the others; `signal` (Cancel) stops the one being sent and skips the
 * rest, and those already sent stay. Closing the tab asks until the last one is sent.
 */
export async function uploadFiles(
  folder: string,
  files: File[],
  onProgress: (progress: UploadProgressState) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
  let done = 0;
  const result: UploadResult = { uploaded: [], failed: [], renamed: [], cancelled: 0 };
  const release = holdWhileSending();
  try {
    for (const [i, file] of files.entries()) {
      const report = (fraction: number) =>
        onProgress({ fraction: Math.min(1, fraction), name: file.name, index: i + 1, count: files.length });
      report(done / total);
      const form = new FormData();
      form.set('file', file, file.name);
      try {
        const { file: entry } = await sendMultipart<{ file: FileEntry }>(
          `/api/files?${new URLSearchParams({ folder })}`,
          'POST',
          form,
          (sent, size) => report((done + (sent / size) * file.size) / total),
          signal,
        );
        result.uploaded.push(entry);
        if (entry.name !== file.name) result.renamed.push({ sent: file.name, kept: entry.name });
      } catch (err) {
        if (isUploadCancelled(err)) {
          result.cancelled = files.length - i;
          break;
        }
        result.failed.push({ name: file.name, message: err instanceof Error ? err.message : String(err) });
      }
      done += file.size;
      report(done / total);
    }
  } finally {
    release();
  }
  return result;
}

export function useUploadFiles(folder: string, onProgress: (progress: UploadProgressState) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, signal }: { files: File[]; signal?: AbortSignal }) =>
      uploadFiles(folder, files, onProgress, signal),
    onSettled: () => queryClient.invalidateQueries({ queryKey: folderQueryKey(folder) }),
  });
}

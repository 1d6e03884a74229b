import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { FileEntry, FolderEntry } from '#shared/schemas/files';
import { filesQueryKey } from './get-folder';

/**
 * Renaming, moving and deleting in the shared drive (issue 27 item 4). Each change touches two
 * folders at least (where it was, where it went), so every listing refreshes after it.
 */
function useFilesChange<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesQueryKey }),
  });
}

export function useChangeFile() {
  return useFilesChange(async ({ id, ...json }: { id: string; name?: string; folder?: string }) => {
    const response = await ensureOk(await api.api.files[':id'].$patch({ param: { id }, json }));
    return ((await response.json()) as { file: FileEntry }).file;
  });
}

export function useChangeFolder() {
  return useFilesChange(async (json: { path: string; name?: string; parent?: string }) => {
    const response = await ensureOk(await api.api.files.folders.$patch({ json }));
    return ((await response.json()) as { folder: FolderEntry }).folder;
  });
}

export function useDeleteFolder() {
  return useFilesChange(async (path: string) => {
    const response = await ensureOk(await api.api.files.folders.$delete({ query: { path } }));
    return (await response.json()) as { files: number };
  });
}

/** What a folder holds, asked when its delete confirmation opens (the count it names). */
export function useFolderSummary(path: string | null) {
  return useQuery({
    queryKey: [...filesQueryKey, 'summary', path],
    queryFn: async () => {
      const response = await ensureOk(await api.api.files.folders.summary.$get({ query: { path: path! } }));
      return (await response.json()) as Pick<FolderEntry, 'files' | 'size'>;
    },
    enabled: path !== null,
  });
}

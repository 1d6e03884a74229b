import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { CreateFolderInput, FolderEntry } from '#shared/schemas/files';
import { folderQueryKey } from './get-folder';

export async function createFolder(input: CreateFolderInput): Promise<FolderEntry> {
  const response = await ensureOk(await api.api.files.folders.$post({ json: input }));
  return ((await response.json()) as { folder: FolderEntry }).folder;
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: (_folder, input) => queryClient.invalidateQueries({ queryKey: folderQueryKey(input.parent) }),
  });
}

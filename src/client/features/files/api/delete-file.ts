import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { FileEntry } from '#shared/schemas/files';
import { folderQueryKey } from './get-folder';

export async function deleteFile(file: FileEntry): Promise<void> {
  await ensureOk(await api.api.files[':id'].$delete({ param: { id: file.id } }));
}

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_result, file) => queryClient.invalidateQueries({ queryKey: folderQueryKey(file.folderPath) }),
  });
}

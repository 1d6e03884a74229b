import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import type { FolderListing } from '#shared/schemas/files';

export async function getFolder(folder: string): Promise<FolderListing> {
  const response = await ensureOk(await api.api.files.$get({ query: { folder } }));
  return (await response.json()) as FolderListing;
}

export const filesQueryKey = ['files'] as const;
export const folderQueryKey = (folder: string) => ['files', 'folder', folder] as const;

export const folderQueryOptions = (folder: string) =>
  queryOptions({ queryKey: folderQueryKey(folder), queryFn: () => getFolder(folder) });

/** A folder's listing, refreshed when anyone adds or removes a file or folder. */
export function useFolder(folder: string) {
  useRefetchOn(['files.changed'], filesQueryKey);
  return useQuery(folderQueryOptions(folder));
}

import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-action';
import type { FolderEntry } from '#shared/schemas/files';
import { useDeleteFolder, useFolderSummary } from '../api/organise';
import { focusAfterRowGoes } from './return-focus';

/**
 * Deleting a folder asks first and says how many files go with it (issue 27 item 4), counted
 * when the question opens, so a file added since the listing loaded is counted too.
 */
export function DeleteFolderDialog({
  folder,
  opener,
  onClose,
}: {
  folder: FolderEntry | null;
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  const summary = useFolderSummary(folder?.path ?? null);
  const remove = useDeleteFolder();
  const held = summary.data?.files;
  const description =
    held === undefined
      ? summary.isError
        ? `This will permanently delete "${folder?.name}" and everything in it. This action cannot be undone.`
        : 'Counting the files in this folder...'
      : held === 0
        ? `This will delete the empty folder "${folder?.name}".`
        : `This will permanently delete "${folder?.name}" and the ${held} ${held === 1 ? 'file' : 'files'} in it. This action cannot be undone.`;
  const confirm = () => {
    if (!folder) return;
    // The menu's button goes with the folder's row: the focus moves on to a neighbour's.
    const after = focusAfterRowGoes(opener);
    remove.mutate(folder.path, {
      onSuccess: () => {
        after.focus();
        toast.success('Folder deleted');
      },
      onError: (err) => toast.error('Failed to delete folder', { description: err.message }),
    });
  };
  return (
    <ConfirmDialog
      open={folder !== null}
      onOpenChange={(open) => !open && onClose()}
      returnFocusTo={opener}
      title="Delete folder?"
      description={description}
      liveDescription
      confirmLabel="Delete"
      confirmDisabled={summary.isPending}
      onConfirm={confirm}
    />
  );
}

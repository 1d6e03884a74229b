import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-action';
import type { FileEntry } from '#shared/schemas/files';
import { useDeleteFile } from '../api/delete-file';
import { focusAfterRowGoes } from './return-focus';

/**
 * SPEC.md section 2's confirmation, opened from the file's menu; the focus goes back to the menu's
 * button, and once the file is deleted on to a neighbouring row's.
 */
export function DeleteFileDialog({
  file,
  opener,
  onOpenChange,
}: {
  file: FileEntry | null;
  opener: HTMLElement | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteFile();
  const confirm = () => {
    if (!file) return;
    const after = focusAfterRowGoes(opener);
    remove.mutate(file, {
      onSuccess: () => {
        after.focus();
        toast.success('File deleted');
      },
      onError: (err) => toast.error('Failed to delete file', { description: err.message }),
    });
  };
  return (
    <ConfirmDialog
      open={file !== null}
      onOpenChange={onOpenChange}
      returnFocusTo={opener}
      // SPEC.md section 2's words exactly.
      title="Delete file?"
      description={`This will permanently delete "${file?.name ?? ''}". This action cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={confirm}
    />
  );
}

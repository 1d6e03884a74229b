import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import type { FileEntry } from '#shared/schemas/files';
import { useDeleteFile } from '../api/delete-file';

export function DeleteFileDialog({
  file,
  onOpenChange,
}: {
  file: FileEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteFile();
  const confirm = () => {
    if (!file) return;
    remove.mutate(file, {
      onSuccess: () => toast.success('File deleted'),
      onError: (err) => toast.error('Failed to delete file', { description: err.message }),
    });
  };
  return (
    <AlertDialog open={file !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete file?</AlertDialogTitle>
          <AlertDialogDescription>
            This will permanently delete &quot;{file?.name}&quot;. This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={confirm}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

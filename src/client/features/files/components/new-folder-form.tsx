import { FolderPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FOLDER_NAME_MAX, folderNameSchema } from '#shared/schemas/files';
import { useCreateFolder } from '../api/create-folder';
import { FolderNameHint, storedFolderName } from './folder-name-hint';

/** The inline 'New Folder' input: Enter or Create makes it, Cancel or Escape closes it. */
export function NewFolderForm({ parent, onClose }: { parent: string; onClose: () => void }) {
  const [name, setName] = useState('');
  const create = useCreateFolder();
  const hintId = useId();
  const checked = folderNameSchema.safeParse(name);
  const storedAs = storedFolderName(name);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    if (!checked.success) {
      toast.error(checked.error.issues[0]!.message);
      return;
    }
    create.mutate(
      { parent, name },
      {
        onSuccess: () => {
          toast.success('Folder created');
          onClose();
        },
        onError: (err) => toast.error('Failed to create folder', { description: err.message }),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="mb-4 flex flex-wrap items-center gap-2 rounded-lg border bg-card p-3"
    >
      <FolderPlus className="size-5 text-primary" aria-hidden="true" />
      <Input
        aria-label="Folder name"
        placeholder="Folder name"
        value={name}
        maxLength={FOLDER_NAME_MAX + 20}
        onChange={(e) => setName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onClose();
          }
        }}
        autoFocus
        autoComplete="off"
        aria-describedby={storedAs ? hintId : undefined}
        className="max-w-xs flex-1"
      />
      <Button type="submit" size="sm" disabled={create.isPending}>
        Create
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onClose}>
        Cancel
      </Button>
      {storedAs && <FolderNameHint id={hintId} storedAs={storedAs} className="basis-full" />}
    </form>
  );
}

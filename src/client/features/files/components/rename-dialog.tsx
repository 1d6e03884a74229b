import { useId, useRef, useState, type FormEvent } from 'react';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { fileExtension, fileNameSchema, folderNameSchema, renamedFileName } from '#shared/schemas/files';
import { useChangeFile, useChangeFolder } from '../api/organise';
import { FolderNameHint, storedFolderName } from './folder-name-hint';
import { returnFocus } from './return-focus';

/** What is being renamed: a file (by id) or a folder (by path). */
export type RenameTarget = { kind: 'file'; id: string; name: string } | { kind: 'folder'; path: string; name: string };

/**
 * One rename dialog for files and folders (issue 27 item 4). The name is checked as the server
 * will check it before it is sent; the server's refusal (a name taken) shows in the dialog,
 * which stays open with what was typed.
 */
export function RenameDialog({
  target,
  opener,
  onClose,
}: {
  target: RenameTarget | null;
  /** The button that opened the dialog: the focus goes back there (issue 27 item 6). */
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <RenameForm
          key={target.kind === 'file' ? target.id : target.path}
          target={target}
          opener={opener}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RenameForm({
  target,
  opener,
  onClose,
}: {
  target: RenameTarget;
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(target.name);
  const [problem, setProblem] = useState<string | null>(null);
  const changeFile = useChangeFile();
  const changeFolder = useChangeFolder();
  const pending = changeFile.isPending || changeFolder.isPending;
  const what = target.kind === 'file' ? 'file' : 'folder';
  const ending = target.kind === 'file' ? fileExtension(target.name) : '';
  const selected = useRef(false);
  // A folder renamed is a new row (its path is its key), drawn without the menu's button that
  // opened the dialog: the focus goes to the new row's menu instead of falling to the page.
  const renamedFolder = useRef<string | null>(null);
  // Another ending typed is taken as meant, but said before it is saved: "Budget v2.1" for a
  // .txt file would otherwise drop ".txt" without a word, and the file no longer open as text.
  const typedEnding = fileExtension(name.trim());
  const endingChanges = ending !== '' && typedEnding !== '' && typedEnding.toLowerCase() !== ending.toLowerCase();
  // A folder's spaces become underscores, said as in New Folder (it was renamed without a word).
  const storedAs = target.kind === 'folder' ? storedFolderName(name) : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const wanted = target.kind === 'file' ? renamedFileName(name, target.name) : name;
    const checked = (target.kind === 'file' ? fileNameSchema : folderNameSchema).safeParse(wanted);
    if (!checked.success) return setProblem(checked.error.issues[0]!.message);
    const done = {
      onSuccess: () => {
        if (target.kind === 'folder') toast.success('Folder renamed');
        else if (wanted !== name.trim()) {
          toast.success('File renamed', { description: `Saved as "${wanted}": the file keeps its ending.` });
        } else toast.success('File renamed');
        if (target.kind === 'folder') renamedFolder.current = checked.data;
        onClose();
      },
      onError: (err: Error) => setProblem(err.message),
    };
    if (target.kind === 'file') changeFile.mutate({ id: target.id, name: checked.data }, done);
    else changeFolder.mutate({ path: target.path, name: checked.data }, done);
  };

  return (
    <DialogContent
      onCloseAutoFocus={(e) => {
        const renamed = renamedFolder.current;
        if (renamed === null || opener?.isConnected) return returnFocus(e, opener);
        e.preventDefault();
        const label = `More actions for folder ${renamed}`;
        void focusWhenDrawn(() =>
          [...document.querySelectorAll<HTMLElement>('main button[aria-label]')].find(
            (button) => button.getAttribute('aria-label') === label,
          ),
        );
      }}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <DialogHeader>
          <DialogTitle>Rename {what}</DialogTitle>
          <DialogDescription>Give &quot;{target.name}&quot; a new name.</DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor={`${id}-name`}>New name</Label>
          <Input
            id={`${id}-name`}
            value={name}
            autoFocus
            // The name without its ending is chosen, ready to type over; the ending stays.
            onFocus={(e) => {
              if (selected.current) return;
              selected.current = true;
              e.currentTarget.setSelectionRange(0, target.name.length - ending.length);
            }}
            autoComplete="off"
            aria-invalid={problem !== null}
            aria-describedby={
              [endingChanges && `${id}-ending`, storedAs && `${id}-stored`, problem && `${id}-problem`]
                .filter(Boolean)
                .join(' ') || undefined
            }
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
          />
          {endingChanges ? (
            <p id={`${id}-ending`} className="text-sm text-amber-700">
              The ending changes from &quot;{ending}&quot; to &quot;{typedEnding}&quot;: the file may no longer open as
              it did.
            </p>
          ) : (
            ending && (
              <p className="text-sm text-muted-foreground">
                Without an ending of its own, the new name keeps &quot;{ending}&quot;.
              </p>
            )
          )}
          {storedAs && <FolderNameHint id={`${id}-stored`} storedAs={storedAs} />}
          {problem && (
            <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Rename'}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

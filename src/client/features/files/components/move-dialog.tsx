import { ChevronRight, Folder, Home } from 'lucide-react';
import { useRef, useState } from 'react';
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
import { folderTrail, parentFolder, ROOT_FOLDER } from '#shared/schemas/files';
import { useFolder } from '../api/get-folder';
import { useChangeFile, useChangeFolder } from '../api/organise';
import { focusAfterRowGoes, returnFocus } from './return-focus';

/** What is being moved: a file (by id, from its folder) or a folder (by path). */
export type MoveTarget =
  { kind: 'file'; id: string; name: string; from: string } | { kind: 'folder'; path: string; name: string };

/**
 * Moves a file or a folder (issue 27 item 4): the person walks the folders in the dialog and
 * chooses "Move here". A folder cannot go into itself, so its own path is not offered.
 */
export function MoveDialog({
  target,
  opener,
  onClose,
}: {
  target: MoveTarget | null;
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target && (
        <MoveBrowser
          key={target.kind === 'file' ? target.id : target.path}
          target={target}
          opener={opener}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function MoveBrowser({
  target,
  opener,
  onClose,
}: {
  target: MoveTarget;
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  const current = target.kind === 'file' ? target.from : parentFolder(target.path);
  const [at, setAt] = useState(current);
  const listing = useFolder(at);
  const changeFile = useChangeFile();
  const changeFolder = useChangeFolder();
  const pending = changeFile.isPending || changeFolder.isPending;
  const folders = (listing.data?.folders ?? []).filter((f) => target.kind === 'file' || f.path !== target.path);
  const where = at === ROOT_FOLDER ? 'Home' : folderTrail(at).at(-1)!.name;
  // Moved, the row has left the open folder with the menu's button: the focus goes to a neighbour's.
  const moved = useRef<{ focus: () => void } | null>(null);

  const move = () => {
    const after = focusAfterRowGoes(opener);
    const done = {
      onSuccess: () => {
        toast.success(`Moved "${target.name}" to ${where}`);
        moved.current = after;
        onClose();
      },
      onError: (err: Error) => toast.error(`Failed to move "${target.name}"`, { description: err.message }),
    };
    if (target.kind === 'file') changeFile.mutate({ id: target.id, folder: at }, done);
    else changeFolder.mutate({ path: target.path, parent: at }, done);
  };

  return (
    <DialogContent
      onCloseAutoFocus={(e) => {
        if (!moved.current) return returnFocus(e, opener);
        e.preventDefault();
        moved.current.focus();
      }}
    >
      <DialogHeader>
        <DialogTitle>Move &quot;{target.name}&quot;</DialogTitle>
        <DialogDescription>Open the folder to move it to, then choose Move here.</DialogDescription>
      </DialogHeader>
      <nav aria-label="Folder to move to" className="flex flex-wrap items-center gap-1 text-sm">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setAt(ROOT_FOLDER)}
          aria-current={at === ROOT_FOLDER ? 'location' : undefined}
        >
          <Home aria-hidden="true" />
          Home
        </Button>
        {folderTrail(at).map((step) => (
          <span key={step.path} className="flex min-w-0 items-center gap-1">
            <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {/* A long name breaks inside itself rather than pushing Move here off a phone. */}
            <Button
              variant="ghost"
              size="sm"
              className="h-auto min-w-0 py-1 text-left whitespace-normal wrap-anywhere"
              onClick={() => setAt(step.path)}
              aria-current={step.path === at ? 'location' : undefined}
            >
              {step.name}
            </Button>
          </span>
        ))}
      </nav>
      <ul
        className="max-h-64 min-h-24 space-y-1 overflow-y-auto rounded-md border p-2"
        aria-label={`Folders in ${where}`}
        aria-busy={listing.isPending}
      >
        {listing.isPending ? (
          <li className="p-2 text-sm text-muted-foreground">Loading folders...</li>
        ) : listing.isError ? (
          <li role="alert" className="p-2 text-sm text-destructive">
            The folders could not be loaded: {listing.error.message}
          </li>
        ) : folders.length === 0 ? (
          <li className="p-2 text-sm text-muted-foreground">No folders here</li>
        ) : (
          folders.map((f) => (
            <li key={f.path}>
              <Button variant="ghost" className="w-full min-w-0 justify-start" onClick={() => setAt(f.path)}>
                <Folder className="fill-primary/15 text-primary" aria-hidden="true" />
                <span className="truncate">{f.name}</span>
              </Button>
            </li>
          ))
        )}
      </ul>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" onClick={move} disabled={pending || at === current}>
          {pending ? 'Moving...' : `Move here`}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

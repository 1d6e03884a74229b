import { cn } from '@/lib/utils';
import { folderNameSchema } from '#shared/schemas/files';

/**
 * The spec stores a folder's spaces as underscores: New Folder and Rename say so while the name
 * is typed, not after, when a second folder of the same name is refused under a name the person
 * never typed, or a renamed one is listed under another.
 */

/** What a folder named `typed` is saved as, when that differs from what was typed (else null). */
export function storedFolderName(typed: string): string | null {
  const checked = folderNameSchema.safeParse(typed);
  return checked.success && checked.data !== typed.trim() ? checked.data : null;
}

export function FolderNameHint({ id, storedAs, className }: { id: string; storedAs: string; className?: string }) {
  return (
    <p id={id} className={cn('text-sm text-muted-foreground', className)}>
      Saved as “{storedAs}”: spaces become underscores.
    </p>
  );
}

import { FileText, ImageIcon, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatFileSize } from '#shared/format';

/** The files chosen for the next message, each with a button to take it off again. */
export function PendingFiles({
  files,
  onRemove,
  disabled,
}: {
  files: File[];
  onRemove: (index: number) => void;
  disabled?: boolean;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 pb-1" aria-label="Files to send">
      {files.map((file, index) => (
        <li
          key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
          className="flex max-w-full items-center gap-2 rounded-md border bg-muted/40 py-1 pl-2 pr-1 text-sm"
        >
          {file.type.startsWith('image/') ? (
            <ImageIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          ) : (
            <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          )}
          <span className="min-w-0 max-w-48 truncate" title={file.name}>
            {file.name}
          </span>
          <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-6"
            aria-label={`Remove ${file.name}`}
            disabled={disabled}
            onClick={() => onRemove(index)}
          >
            <X aria-hidden="true" />
          </Button>
        </li>
      ))}
    </ul>
  );
}

import { Download, FileText } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import type { ChatAttachment } from '#shared/chat';
import { attachmentUrl, isInlineImage } from '#shared/chat-attachments';
import { formatFileSize } from '#shared/format';

/**
 * A message's files: pictures as thumbnails (at most 240 px, loaded when scrolled to) that open
 * full size in a dialog, anything else as a chip with its name, size and a download link.
 */
export function MessageAttachments({ attachments, own }: { attachments: ChatAttachment[]; own: boolean }) {
  const [open, setOpen] = useState<ChatAttachment | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  if (attachments.length === 0) return null;
  const images = attachments.filter((a) => isInlineImage(a.mimeType));
  const others = attachments.filter((a) => !isInlineImage(a.mimeType));
  return (
    <div className={cn('mt-1 flex max-w-[70%] flex-col gap-1', own ? 'items-end' : 'items-start')}>
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label="Pictures">
          {images.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                className="block overflow-hidden rounded-lg border bg-muted/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`Open picture ${image.name}`}
                onClick={(e) => {
                  opener.current = e.currentTarget;
                  setOpen(image);
                }}
              >
                <img
                  src={attachmentUrl(image.id)}
                  alt={image.name}
                  loading="lazy"
                  className="block max-h-60 max-w-60 object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul className="flex flex-col gap-1" aria-label="Files">
          {others.map((file) => (
            <li key={file.id}>
              <a
                href={attachmentUrl(file.id, true)}
                download={file.name}
                className="flex max-w-full items-center gap-2 rounded-lg border bg-card px-3 py-2 text-sm text-foreground shadow-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="min-w-0 break-all font-medium">{file.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{formatFileSize(file.size)}</span>
                <Download className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="sr-only">Download</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent
          className="max-w-5xl"
          onCloseAutoFocus={(event) => {
            // The opening thumbnail gets the focus back (the dialog has no trigger of its own).
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          {open && (
            <>
              <DialogHeader>
                <DialogTitle className="break-all pr-6">{open.name}</DialogTitle>
                <DialogDescription>{formatFileSize(open.size)}</DialogDescription>
              </DialogHeader>
              <div className="flex min-w-0 items-center justify-center">
                <img
                  src={attachmentUrl(open.id)}
                  alt={open.name}
                  className="max-h-[75vh] max-w-full object-contain"
                  data-testid="full-size-picture"
                />
              </div>
              <div className="flex justify-end">
                <Button variant="outline" asChild>
                  <a href={attachmentUrl(open.id, true)} download={open.name}>
                    <Download aria-hidden="true" />
                    Download
                  </a>
                </Button>
              </div>
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}

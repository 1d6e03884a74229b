import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Download, FileQuestion, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { checkAvailable } from '@/lib/upload';
import { cn } from '@/lib/utils';
import { DATE_FORMAT, formatFileSize } from '#shared/format';
import type { FileEntry } from '#shared/schemas/files';
import { loadFailedMessage, previewUrl, startDownload } from './file-links';

/**
 * Images scaled to fit (and zoomable), PDF and text in a frame. The frame's document comes from the server with a
 * sandboxing CSP, so nothing in it runs as the portal; other types are only downloaded.
 */
export function FileViewerDialog({
  file,
  opener,
  onOpenChange,
}: {
  file: FileEntry | null;
  /** The button that opened it: the focus returns there when it closes (it has no trigger of its own). */
  opener: HTMLElement | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={file !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-4xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener?.focus();
        }}
      >
        {file && (
          <>
            <DialogHeader>
              <DialogTitle className="break-all pr-6">{file.name}</DialogTitle>
              <DialogDescription>
                {formatFileSize(file.size)} · {format(new Date(file.createdAt), DATE_FORMAT)}
                {file.uploaderName ? ` · ${file.uploaderName}` : ''}
              </DialogDescription>
            </DialogHeader>
            {file.previewKind ? (
              <>
                <Preview file={file} />
                <div className="flex justify-end">
                  <Button variant="outline" onClick={() => void startDownload(file)}>
                    <Download aria-hidden="true" />
                    Download
                  </Button>
                </div>
              </>
            ) : (
              <NoPreview file={file} />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Preview({ file }: { file: FileEntry }) {
  const available = useQuery({
    queryKey: ['files', 'available', file.id],
    queryFn: () => checkAvailable(previewUrl(file)).then(() => true),
    retry: false,
    gcTime: 0,
  });
  useEffect(() => {
    if (available.isError) toast.error(loadFailedMessage(available.error));
  }, [available.isError, available.error]);

  if (available.isPending) return <Spinner className="h-[60vh]" label="Loading file" />;
  if (available.isError) {
    return (
      <p role="alert" className="py-10 text-center text-destructive">
        {loadFailedMessage(available.error)}
      </p>
    );
  }
  if (file.previewKind === 'image') return <ImagePreview file={file} />;
  return (
    <iframe
      src={previewUrl(file)}
      title={`Preview of ${file.name}`}
      className="h-[70vh] w-full rounded-md border bg-white"
      // A second sandbox for images and text; Chromium's PDF viewer cannot run inside one,
      // and the server's CSP sandbox already covers every preview.
      sandbox={file.previewKind === 'pdf' ? undefined : ''}
      referrerPolicy="no-referrer"
    />
  );
}

/**
 * An image scaled to fit the frame, whatever its size (issue 27 item 2), with a zoom to its
 * actual size that scrolls inside the frame. Shown as an <img>: a browser's own image page in
 * a frame shows a large photo from its top-left corner, unscaled.
 */
function ImagePreview({ file }: { file: FileEntry }) {
  const [actual, setActual] = useState(false);
  return (
    // min-w-0: the dialog is a grid, whose items would otherwise grow to a zoomed photo's width.
    <div className="min-w-0 space-y-2">
      <div
        className={cn(
          'h-[70vh] rounded-md border bg-muted/30',
          actual ? 'block overflow-auto' : 'flex items-center justify-center overflow-hidden',
        )}
        data-testid="image-frame"
      >
        <img
          src={previewUrl(file)}
          alt={file.name}
          className={actual ? 'max-h-none max-w-none' : 'max-h-full max-w-full object-contain'}
          referrerPolicy="no-referrer"
        />
      </div>
      <Button variant="outline" size="sm" aria-pressed={actual} onClick={() => setActual((zoomed) => !zoomed)}>
        {actual ? <ZoomOut aria-hidden="true" /> : <ZoomIn aria-hidden="true" />}
        {actual ? 'Fit to frame' : 'Actual size'}
      </Button>
    </div>
  );
}

function NoPreview({ file }: { file: FileEntry }) {
  return (
    <div className="flex flex-col items-center gap-4 py-10 text-center">
      <FileQuestion className="size-12 text-muted-foreground" aria-hidden="true" />
      <p>Preview not available for this file type</p>
      <Button onClick={() => void startDownload(file)}>
        <Download aria-hidden="true" />
        Download to view
      </Button>
    </div>
  );
}

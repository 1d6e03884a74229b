import { FolderOpen, FolderPlus, FolderX, Home, RefreshCw, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { useInPlaceEditor } from '@/lib/use-in-place-editor';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { UploadProgress } from '@/components/upload-progress';
import {
  DEFAULT_MAX_UPLOAD_MB,
  folderTrail,
  isFolderPath,
  ROOT_FOLDER,
  type FileEntry,
  type FolderEntry,
} from '#shared/schemas/files';
import { useFolder } from '../api/get-folder';
import { useUploadFiles, type UploadProgressState } from '../api/upload-files';
import { DeleteFileDialog } from './delete-file-dialog';
import { DeleteFolderDialog } from './delete-folder-dialog';
import { FileTable, type RowAction } from './file-table';
import { MoveDialog, type MoveTarget } from './move-dialog';
import { RenameDialog, type RenameTarget } from './rename-dialog';
import { FileViewerDialog } from './file-viewer-dialog';
import { FolderBreadcrumb } from './folder-breadcrumb';
import { NewFolderForm } from './new-folder-form';
import { numberedTwin } from '../lib/numbered-name';

/** /files: the ministry's shared drive (SPEC 2 "Files", D7). The open folder lives in the address. */
export function FilesPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('folder') ?? ROOT_FOLDER;
  const folder = isFolderPath(requested) ? requested : ROOT_FOLDER;
  const listing = useFolder(folder);
  // New Folder is disabled while its form is open; made, cancelled or Escape, the focus returns to it.
  const [creatingFolder, setCreatingFolder, closeNewFolder, newFolderButton] = useInPlaceEditor();
  const [viewing, setViewing] = useState<FileEntry | null>(null);
  // The button that opened the viewer: the focus goes back there (issue 27).
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [deleting, setDeleting] = useState<FileEntry | null>(null);
  // Issue 27 item 4: rename, move and delete, each with the button that asked (focus returns there).
  const [renaming, setRenaming] = useState<RenameTarget | null>(null);
  const [moving, setMoving] = useState<MoveTarget | null>(null);
  const [deletingFolder, setDeletingFolder] = useState<FolderEntry | null>(null);
  const [actionOpener, setActionOpener] = useState<HTMLElement | null>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<UploadProgressState | null>(null);
  // Aborts the batch on its way (the panel's Cancel button).
  const cancelUpload = useRef<AbortController | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const upload = useUploadFiles(folder, setProgress);
  const maxUploadMb = listing.data?.maxUploadMb ?? DEFAULT_MAX_UPLOAD_MB;

  // A folder opened by a button (its row, the breadcrumb) leaves the focus on the breadcrumb's
  // current level: the button goes with the folder it was in, and the focus fell to the page.
  const focusTrailFor = useRef<string | null>(null);
  const openFolder = (path: string) => {
    setCreatingFolder(false);
    focusTrailFor.current = path;
    setParams(path === ROOT_FOLDER ? {} : { folder: path });
  };
  useEffect(() => {
    if (focusTrailFor.current !== folder) return;
    focusTrailFor.current = null;
    document.querySelector<HTMLElement>('nav[aria-label="Breadcrumb"] [aria-current="page"]')?.focus();
  }, [folder]);

  const uploadChosen = async (chosen: File[]) => {
    const limit = maxUploadMb * 1024 * 1024;
    // Refused here, before a byte is sent (D7); the server enforces the same limit.
    for (const file of chosen.filter((f) => f.size > limit)) {
      toast.error(`"${file.name}" is larger than ${maxUploadMb} MB and was not uploaded.`);
    }
    const accepted = chosen.filter((f) => f.size <= limit);
    if (accepted.length === 0) return;
    const first = accepted[0]!;
    setProgress({ fraction: 0, name: first.name, index: 1, count: accepted.length });
    const controller = new AbortController();
    cancelUpload.current = controller;
    try {
      const { uploaded, failed, renamed, cancelled } = await upload.mutateAsync({
        files: accepted,
        signal: controller.signal,
      });
      for (const failure of failed) toast.error(`Failed to upload "${failure.name}"`, { description: failure.message });
      // A name already taken here is kept under a numbered one (or one the server had to clean
      // up): said, so nobody looks for the file under the name they chose.
      const numbered = renamed.every((r) => numberedTwin(r.sent, r.kept));
      const description =
        renamed.length > 0
          ? `${renamed.map((r) => `"${r.sent}" was saved as "${r.kept}"`).join(', ')}${numbered ? ': the folder already had that name' : ''}.`
          : undefined;
      if (cancelled > 0) {
        const kept =
          uploaded.length === 0
            ? 'No file was uploaded.'
            : `${uploaded.length} of ${accepted.length} ${accepted.length === 1 ? 'file was' : 'files were'} uploaded before you cancelled; they stay in the folder.`;
        toast.info('Upload cancelled', { description: kept });
      } else if (uploaded.length > 0 && failed.length === 0)
        toast.success('Files uploaded successfully', { description });
      else if (uploaded.length > 0)
        toast.success(`${uploaded.length} of ${accepted.length} files uploaded`, { description });
    } finally {
      cancelUpload.current = null;
      setProgress(null);
    }
  };

  // The Cancel button goes with the panel: the focus moves on to Upload Files, enabled again.
  const onCancelUpload = () => {
    cancelUpload.current?.abort();
    void focusWhenDrawn(() => (uploadButton.current?.disabled === false ? uploadButton.current : null));
  };

  const onFilesChosen = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    void uploadChosen(chosen);
  };

  // Files dropped anywhere on the page go into the open folder (issue 27 item 4). Only drags
  // that carry files count: text or a link dragged across the page changes nothing.
  const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  const onDragOver = (e: DragEvent) => {
    if (!carriesFiles(e) || progress !== null || gone) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDragLeave = (e: DragEvent) => {
    // Leaving for a child of the page is not leaving the page.
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    setDragging(false);
    if (progress === null && !gone) void uploadChosen([...e.dataTransfer.files]);
  };

  const onFolderAction = (action: RowAction, f: FolderEntry, button: HTMLElement) => {
    setActionOpener(button);
    if (action === 'rename') setRenaming({ kind: 'folder', path: f.path, name: f.name });
    else if (action === 'move') setMoving({ kind: 'folder', path: f.path, name: f.name });
    else setDeletingFolder(f);
  };
  const onFileAction = (action: RowAction, file: FileEntry, button: HTMLElement) => {
    setActionOpener(button);
    if (action === 'rename') setRenaming({ kind: 'file', id: file.id, name: file.name });
    else if (action === 'move') setMoving({ kind: 'file', id: file.id, name: file.name, from: file.folderPath });
    else setDeleting(file);
  };
  const folderName = folder === ROOT_FOLDER ? 'Home' : folderTrail(folder).at(-1)!.name;

  const uploading = progress !== null;
  // Nothing goes into a folder that is no longer there.
  const gone = listing.data?.exists === false;

  return (
    <div className="relative" onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop}>
      {dragging && (
        <div
          className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-xl border-2 border-dashed border-primary bg-primary/5"
          data-testid="drop-zone"
        >
          <p className="rounded-md bg-background px-4 py-2 font-medium shadow">Drop files to upload to {folderName}</p>
        </div>
      )}
      <PageHeader
        title="File Manager"
        description="The ministry's shared files and folders"
        actions={
          <>
            {/* Upload Files, else New Folder, takes the focus when a row that had it goes. */}
            <Button
              ref={newFolderButton}
              data-files-control="new-folder"
              variant="outline"
              onClick={() => setCreatingFolder(true)}
              disabled={creatingFolder || gone}
            >
              <FolderPlus aria-hidden="true" />
              New Folder
            </Button>
            <Button
              ref={uploadButton}
              data-files-control="upload"
              onClick={() => fileInput.current?.click()}
              disabled={uploading || gone}
            >
              <Upload aria-hidden="true" />
              Upload Files
            </Button>
            <input
              ref={fileInput}
              type="file"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="upload-input"
              onChange={onFilesChosen}
            />
          </>
        }
      />
      <FolderBreadcrumb folder={folder} onOpen={openFolder} />
      {creatingFolder && <NewFolderForm parent={folder} onClose={closeNewFolder} />}
      {progress && (
        <UploadProgress
          fraction={progress.fraction}
          detail={
            progress.count > 1 ? `"${progress.name}" (${progress.index} of ${progress.count})` : `"${progress.name}"`
          }
          onCancel={onCancelUpload}
          className="mb-4 rounded-lg border bg-card p-3"
        />
      )}
      {listing.isPending ? (
        <div className="space-y-2" aria-label="Loading files">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      ) : listing.isError ? (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 p-6">
            <p role="alert">Files could not be loaded: {listing.error.message}</p>
            <Button variant="outline" onClick={() => void listing.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : !listing.data.exists ? (
        // Renamed, moved or deleted by someone while this page showed it (the list follows such
        // changes live), or an old address: said, instead of an empty folder that an upload
        // would quietly make again beside the renamed one.
        <EmptyState
          icon={FolderX}
          action={
            <Button variant="outline" onClick={() => openFolder(ROOT_FOLDER)}>
              <Home aria-hidden="true" />
              Go to Home
            </Button>
          }
        >
          This folder is no longer there: someone renamed, moved or deleted it.
        </EmptyState>
      ) : listing.data.folders.length === 0 && listing.data.files.length === 0 ? (
        <EmptyState
          icon={FolderOpen}
          action={
            <Button onClick={() => fileInput.current?.click()} disabled={uploading}>
              <Upload aria-hidden="true" />
              Upload a file
            </Button>
          }
        >
          No files or folders in this directory
        </EmptyState>
      ) : (
        <FileTable
          folder={folder}
          folders={listing.data.folders}
          files={listing.data.files}
          onOpenFolder={openFolder}
          onView={(file, button) => {
            setOpener(button);
            setViewing(file);
          }}
          onFolderAction={onFolderAction}
          onFileAction={onFileAction}
        />
      )}
      <FileViewerDialog file={viewing} opener={opener} onOpenChange={(open) => !open && setViewing(null)} />
      <DeleteFileDialog file={deleting} opener={actionOpener} onOpenChange={(open) => !open && setDeleting(null)} />
      <RenameDialog target={renaming} opener={actionOpener} onClose={() => setRenaming(null)} />
      <MoveDialog target={moving} opener={actionOpener} onClose={() => setMoving(null)} />
      <DeleteFolderDialog folder={deletingFolder} opener={actionOpener} onClose={() => setDeletingFolder(null)} />
    </div>
  );
}

import { format } from 'date-fns';
import { Download, File, FileImage, FileText, Folder } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DATE_FORMAT, formatFileSize } from '#shared/format';
import type { FileEntry, FolderEntry } from '#shared/schemas/files';
import { startDownload } from './file-links';
import { RowActionsMenu, type RowMenuEntry } from '@/components/row-actions-menu';

/** "1.2 MB · 3 files · Nov 25, 2026" under a folder's name in a narrow table. */
function folderSummary(f: FolderEntry): string {
  if (f.files === 0) return 'Empty';
  const parts = [formatFileSize(f.size), `${f.files} ${f.files === 1 ? 'file' : 'files'}`];
  if (f.updatedAt) parts.push(format(new Date(f.updatedAt), DATE_FORMAT));
  return parts.join(' · ');
}

function FileIcon({ file }: { file: FileEntry }) {
  const Icon = file.previewKind === 'image' ? FileImage : file.previewKind ? FileText : File;
  return <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />;
}

/** What a row's menu asks for, with the menu's button (the focus returns there). */
export type RowAction = 'rename' | 'move' | 'delete';

/** Rename…, Move… and, where the person may, Delete… (the server checks each again). */
function rowEntries(canDelete: boolean, act: (action: RowAction, button: HTMLElement) => void): RowMenuEntry[] {
  const entries: RowMenuEntry[] = [
    { label: 'Rename…', onSelect: (b) => act('rename', b) },
    { label: 'Move…', onSelect: (b) => act('move', b) },
  ];
  if (canDelete) entries.push({ label: 'Delete…', destructive: true, onSelect: (b) => act('delete', b) });
  return entries;
}

/**
 * Folders first, then files, with name, size and date (SPEC 2 "Files"). A folder shows what it
 * holds; anyone may rename or move a folder, and a file's uploader or an admin the file
 * (issue 27 item 4, decision 0126).
 */
export function FileTable({
  folder,
  folders,
  files,
  onOpenFolder,
  onView,
  onFolderAction,
  onFileAction,
}: {
  folder: string;
  folders: FolderEntry[];
  files: FileEntry[];
  onOpenFolder: (path: string) => void;
  onView: (file: FileEntry, button: HTMLElement) => void;
  onFolderAction: (action: RowAction, folder: FolderEntry, button: HTMLElement) => void;
  onFileAction: (action: RowAction, file: FileEntry, button: HTMLElement) => void;
}) {
  return (
    // Sized by the table's own width, not the window's: beside the sidebar on a tablet the
    // table has about 480 px, where size and date squeezed the name to a letter a line.
    <div className="@container relative overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">Folders and files in {folder === '/' ? 'Home' : folder}</caption>
        <thead className="border-b bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Name
            </th>
            {/* In a narrow table (a phone, a tablet beside the sidebar), size and date go under the name (issue 27 item 1). */}
            <th scope="col" className="hidden px-4 py-3 font-medium @2xl:table-cell">
              Size
            </th>
            <th scope="col" className="hidden px-4 py-3 font-medium @2xl:table-cell">
              Date
            </th>
            <th scope="col" className="px-4 py-3 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {folders.map((f) => (
            <tr key={f.path} className="border-b last:border-0 hover:bg-muted/30">
              <td className="w-full px-4 py-2">
                <button
                  type="button"
                  onClick={() => onOpenFolder(f.path)}
                  className="flex items-center gap-3 rounded-sm font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Open folder ${f.name}`}
                >
                  <Folder className="size-5 shrink-0 fill-primary/15 text-primary" aria-hidden="true" />
                  <span className="min-w-0 text-left">
                    <span className="block [overflow-wrap:anywhere]">{f.name}</span>
                    <span className="block text-xs font-normal text-muted-foreground @2xl:hidden">
                      {folderSummary(f)}
                    </span>
                  </span>
                </button>
              </td>
              <td className="hidden whitespace-nowrap px-4 py-2 text-muted-foreground @2xl:table-cell">
                {f.files === 0 ? 'Empty' : `${formatFileSize(f.size)} · ${f.files} ${f.files === 1 ? 'file' : 'files'}`}
              </td>
              <td className="hidden whitespace-nowrap px-4 py-2 text-muted-foreground @2xl:table-cell">
                {f.updatedAt ? format(new Date(f.updatedAt), DATE_FORMAT) : ''}
              </td>
              <td className="px-2 py-2">
                <div className="flex justify-end">
                  {/* A folder with others' files is an admin's to delete (D7): Delete… is left out where it would be refused. */}
                  <RowActionsMenu
                    name={`folder ${f.name}`}
                    entries={rowEntries(f.canDelete, (action, b) => onFolderAction(action, f, b))}
                  />
                </div>
              </td>
            </tr>
          ))}
          {files.map((file) => (
            <tr key={file.id} className="border-b last:border-0 hover:bg-muted/30">
              <td className="w-full px-4 py-2">
                {/* The name opens the viewer, as a folder's opens the folder: one button fewer a row. */}
                <button
                  type="button"
                  onClick={(e) => onView(file, e.currentTarget)}
                  className="flex items-center gap-3 rounded-sm text-left hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`View ${file.name}`}
                >
                  <FileIcon file={file} />
                  <span className="min-w-0">
                    <span className="block [overflow-wrap:anywhere]">{file.name}</span>
                    <span className="block text-xs text-muted-foreground @2xl:hidden">
                      {formatFileSize(file.size)} · {format(new Date(file.createdAt), DATE_FORMAT)}
                    </span>
                  </span>
                </button>
              </td>
              <td className="hidden whitespace-nowrap px-4 py-2 @2xl:table-cell">{formatFileSize(file.size)}</td>
              <td className="hidden whitespace-nowrap px-4 py-2 @2xl:table-cell">
                {format(new Date(file.createdAt), DATE_FORMAT)}
              </td>
              <td className="px-2 py-2">
                <div className="flex justify-end gap-0.5 @2xl:gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Download ${file.name}`}
                    title="Download"
                    onClick={() => void startDownload(file)}
                  >
                    <Download aria-hidden="true" />
                  </Button>
                  {/* The uploader's or an admin's (issue 27 item 4, decision 0126). */}
                  {file.canDelete && (
                    <RowActionsMenu
                      name={file.name}
                      entries={rowEntries(true, (action, b) => onFileAction(action, file, b))}
                    />
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

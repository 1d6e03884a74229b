import { format } from 'date-fns';
import { Download, Eye, File, FileImage, FileText, Folder, FolderInput, Pencil, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DATE_FORMAT, formatFileSize } from '#shared/format';
import type { FileEntry, FolderEntry } from '#shared/schemas/files';
import { startDownload } from './file-links';

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

/** What a row's rename, move and delete buttons ask for, with the button (the focus returns there). */
export type RowAction = 'rename' | 'move' | 'delete';

function ActionButton({
  label,
  icon: Icon,
  destructive,
  onClick,
}: {
  label: string;
  icon: typeof Pencil;
  destructive?: boolean;
  onClick: (button: HTMLElement) => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      title={label.split(' ')[0]}
      className={destructive ? 'text-destructive hover:text-destructive' : undefined}
      onClick={(e) => onClick(e.currentTarget)}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
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
  onDelete,
  onFolderAction,
  onFileAction,
}: {
  folder: string;
  folders: FolderEntry[];
  files: FileEntry[];
  onOpenFolder: (path: string) => void;
  onView: (file: FileEntry, button: HTMLElement) => void;
  onDelete: (file: FileEntry) => void;
  onFolderAction: (action: RowAction, folder: FolderEntry, button: HTMLElement) => void;
  onFileAction: (action: Exclude<RowAction, 'delete'>, file: FileEntry, button: HTMLElement) => void;
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
                <div className="flex justify-end gap-0.5 @2xl:gap-1">
                  <ActionButton
                    label={`Rename folder ${f.name}`}
                    icon={Pencil}
                    onClick={(b) => onFolderAction('rename', f, b)}
                  />
                  <ActionButton
                    label={`Move folder ${f.name}`}
                    icon={FolderInput}
                    onClick={(b) => onFolderAction('move', f, b)}
                  />
                  {/* Hidden, as a file's is, where it would be refused: a folder with others' files is an admin's to delete (D7). */}
                  {f.canDelete && (
                    <ActionButton
                      label={`Delete folder ${f.name}`}
                      icon={Trash2}
                      destructive
                      onClick={(b) => onFolderAction('delete', f, b)}
                    />
                  )}
                </div>
              </td>
            </tr>
          ))}
          {files.map((file) => (
            <tr key={file.id} className="border-b last:border-0 hover:bg-muted/30">
              <td className="w-full px-4 py-2">
                <span className="flex items-center gap-3">
                  <FileIcon file={file} />
                  <span className="min-w-0">
                    <span className="block [overflow-wrap:anywhere]">{file.name}</span>
                    <span className="block text-xs text-muted-foreground @2xl:hidden">
                      {formatFileSize(file.size)} · {format(new Date(file.createdAt), DATE_FORMAT)}
                    </span>
                  </span>
                </span>
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
                    aria-label={`View ${file.name}`}
                    title="View"
                    onClick={(e) => onView(file, e.currentTarget)}
                  >
                    <Eye aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Download ${file.name}`}
                    title="Download"
                    onClick={() => void startDownload(file)}
                  >
                    <Download aria-hidden="true" />
                  </Button>
                  {file.canDelete && (
                    <>
                      <ActionButton
                        label={`Rename ${file.name}`}
                        icon={Pencil}
                        onClick={(b) => onFileAction('rename', file, b)}
                      />
                      <ActionButton
                        label={`Move ${file.name}`}
                        icon={FolderInput}
                        onClick={(b) => onFileAction('move', file, b)}
                      />
                    </>
                  )}
                  {file.canDelete && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${file.name}`}
                      title="Delete"
                      className="text-destructive hover:text-destructive"
                      onClick={() => onDelete(file)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
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

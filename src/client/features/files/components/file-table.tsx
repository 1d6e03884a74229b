import { format } from 'date-fns';
import { Download, Eye, File, FileImage, FileText, Folder, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DATE_FORMAT, formatFileSize } from '#shared/format';
import type { FileEntry, FolderEntry } from '#shared/schemas/files';
import { startDownload } from './file-links';

function FileIcon({ file }: { file: FileEntry }) {
  const Icon = file.previewKind === 'image' ? FileImage : file.previewKind ? FileText : File;
  return <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />;
}

/** Folders first, then files, with name, size and date (SPEC 2 "Files"). */
export function FileTable({
  folder,
  folders,
  files,
  onOpenFolder,
  onView,
  onDelete,
}: {
  folder: string;
  folders: FolderEntry[];
  files: FileEntry[];
  onOpenFolder: (path: string) => void;
  onView: (file: FileEntry, button: HTMLElement) => void;
  onDelete: (file: FileEntry) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-sm">
        <caption className="sr-only">Folders and files in {folder === '/' ? 'Home' : folder}</caption>
        <thead className="border-b bg-muted/50 text-left text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Name
            </th>
            {/* On a phone, size and date go under the name (issue 27 item 1). */}
            <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
              Size
            </th>
            <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
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
                  <span className="text-left [overflow-wrap:anywhere]">{f.name}</span>
                </button>
              </td>
              <td className="hidden px-4 py-2 text-muted-foreground sm:table-cell">—</td>
              <td className="hidden px-4 py-2 text-muted-foreground sm:table-cell">—</td>
              <td />
            </tr>
          ))}
          {files.map((file) => (
            <tr key={file.id} className="border-b last:border-0 hover:bg-muted/30">
              <td className="w-full px-4 py-2">
                <span className="flex items-center gap-3">
                  <FileIcon file={file} />
                  <span className="min-w-0">
                    <span className="block [overflow-wrap:anywhere]">{file.name}</span>
                    <span className="block text-xs text-muted-foreground sm:hidden">
                      {formatFileSize(file.size)} · {format(new Date(file.createdAt), DATE_FORMAT)}
                    </span>
                  </span>
                </span>
              </td>
              <td className="hidden whitespace-nowrap px-4 py-2 sm:table-cell">{formatFileSize(file.size)}</td>
              <td className="hidden whitespace-nowrap px-4 py-2 sm:table-cell">
                {format(new Date(file.createdAt), DATE_FORMAT)}
              </td>
              <td className="px-2 py-2">
                <div className="flex justify-end gap-0.5 sm:gap-1">
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

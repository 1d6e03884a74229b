import { z } from 'zod';

/**
 * The shared drive (SPEC "files", DECISIONS.md D7): names, folders and preview rules used by
 * the file manager's forms and by the server alike.
 */

export const ROOT_FOLDER = '/';
/** A folder exists through a zero-size record of this name, hidden from listings (SPEC 3). */
export const PLACEHOLDER_NAME = '.placeholder';
export const FOLDER_NAME_MAX = 100;
export const FOLDER_PATH_MAX = 1000;
export const FILE_NAME_MAX = 255;

// Control characters (NUL included) never belong in a name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex
const HAS_CONTROL_CHAR = /[\u0000-\u001f\u007f]/;

const required = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

/**
 * SPEC 5 "Folder name": trimmed, non-empty, spaces become underscores. A folder name is one
 * level, so slashes and '..' are refused rather than quietly changed.
 */
export const folderNameSchema = z
  .string(required('Folder name cannot be empty'))
  .trim()
  .min(1, 'Folder name cannot be empty')
  .max(FOLDER_NAME_MAX, `Folder names are limited to ${FOLDER_NAME_MAX} characters`)
  .refine((v) => !/[/\\]/.test(v), 'Folder names cannot contain slashes')
  .refine((v) => !v.includes('..'), 'Folder names cannot contain ".."')
  // '.' is "this folder" to every file system an export is unpacked on.
  .refine((v) => v !== '.', 'Choose another folder name')
  .refine((v) => !HAS_CONTROL_CHAR.test(v), 'Folder names cannot contain control characters')
  .refine((v) => v !== PLACEHOLDER_NAME, `"${PLACEHOLDER_NAME}" is a reserved name`)
  .transform((v) => v.replace(/\s+/g, '_'));

// eslint-disable-next-line no-control-regex
const FOLDER_SEGMENT = /^[^\s/\\\u0000-\u001f\u007f]+$/;

/** '/' or '/a/b/': starts and ends with a slash, each level a valid (already underscored) folder name. */
export function isFolderPath(value: string): boolean {
  if (value === ROOT_FOLDER) return true;
  if (value.length > FOLDER_PATH_MAX || !value.startsWith('/') || !value.endsWith('/')) return false;
  return value
    .slice(1, -1)
    .split('/')
    .every((segment) => FOLDER_SEGMENT.test(segment) && !segment.includes('..') && segment.length <= FOLDER_NAME_MAX);
}

export const folderPathSchema = z.string().refine(isFolderPath, 'This folder does not exist');

export const folderQuerySchema = z.object({ folder: folderPathSchema.default(ROOT_FOLDER) });

export const createFolderSchema = z.object({ parent: folderPathSchema, name: folderNameSchema });
export type CreateFolderInput = z.input<typeof createFolderSchema>;

export const fileIdSchema = z.object({ id: z.uuid('File not found') });

/**
 * A new name for a file (issue 27 item 4): one level, as an upload's cleaned name would be, and
 * never the folders' reserved placeholder name.
 */
export const fileNameSchema = z
  .string(required('File name cannot be empty'))
  .trim()
  .min(1, 'File name cannot be empty')
  .max(FILE_NAME_MAX, `File names are limited to ${FILE_NAME_MAX} characters`)
  .refine((v) => !/[/\\]/.test(v), 'File names cannot contain slashes')
  .refine((v) => v !== '.' && v !== '..', 'Choose another file name')
  .refine((v) => !HAS_CONTROL_CHAR.test(v), 'File names cannot contain control characters')
  .refine((v) => v !== PLACEHOLDER_NAME, `"${PLACEHOLDER_NAME}" is a reserved name`);

/** Rename a file, move it to another folder, or both. */
export const fileChangeSchema = z
  .object({ name: fileNameSchema.optional(), folder: folderPathSchema.optional() })
  .refine((v) => v.name !== undefined || v.folder !== undefined, 'Give a new name or a folder to move to');
export type FileChangeInput = z.input<typeof fileChangeSchema>;

const movableFolderSchema = folderPathSchema.refine((v) => v !== ROOT_FOLDER, 'The home folder cannot be changed');

/** Rename a folder, move it into another, or both (everything in it goes along). */
export const folderChangeSchema = z
  .object({ path: movableFolderSchema, name: folderNameSchema.optional(), parent: folderPathSchema.optional() })
  .refine((v) => v.name !== undefined || v.parent !== undefined, 'Give a new name or a folder to move to');
export type FolderChangeInput = z.input<typeof folderChangeSchema>;

export const folderPathQuerySchema = z.object({ path: movableFolderSchema });

/** The folder that holds `folderPath` ('/a/b/' -> '/a/'). */
export function parentFolder(folderPath: string): string {
  const segments = folderPath.split('/').filter(Boolean);
  return segments.length <= 1 ? ROOT_FOLDER : `/${segments.slice(0, -1).join('/')}/`;
}

/** The breadcrumb of a folder path: home, then each level with the path that opens it. */
export function folderTrail(folderPath: string): { name: string; path: string }[] {
  const segments = folderPath.split('/').filter(Boolean);
  return segments.map((name, i) => ({ name, path: `/${segments.slice(0, i + 1).join('/')}/` }));
}

/**
 * The name shown for an uploaded file: the last part of what the browser sent (some send a
 * whole path), without control characters, at most FILE_NAME_MAX characters (the extension
 * kept). Never used as a filesystem path.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  let name = base.replace(CONTROL_CHARS, '').trim();
  if (name === '' || name === '.' || name === '..') name = 'unnamed';
  if (name.length > FILE_NAME_MAX) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 20 ? name.slice(dot) : '';
    name = name.slice(0, FILE_NAME_MAX - ext.length) + ext;
  }
  return name;
}

/** SPEC 5 "File names": in stored paths, every character other than a word character, dot or dash becomes '_'. */
export function sanitizeStoredFileName(name: string): string {
  return name.replace(/[^\w.-]/g, '_');
}

/** SPEC 3 "files": path is creator id / folder / file name (sanitised). A display value, not a storage key. */
export function storedFilePath(userId: string, folderPath: string, name: string): string {
  return `${userId}${folderPath}${sanitizeStoredFileName(name)}`;
}

/** 'report.pdf' -> 'report (2).pdf': the name a second file of the same name gets in one folder. */
export function numberedFileName(name: string, n: number): string {
  const ending = fileExtension(name);
  return `${name.slice(0, name.length - ending.length)} (${n})${ending}`;
}

/** A file name's ending from its last dot (".txt"), '' without one; a leading dot (".env") is the name. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/**
 * A file renamed without an ending keeps the one it had: "Meeting notes" for notes.txt is
 * "Meeting notes.txt", which still opens as text. Another ending typed is taken as meant.
 */
export function renamedFileName(typed: string, previous: string): string {
  const name = typed.trim();
  return fileExtension(name) === '' && name !== '' ? `${name}${fileExtension(previous)}` : name;
}

export const PREVIEW_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const PREVIEW_TEXT_TYPES = [
  'text/plain',
  'text/csv',
  'text/markdown',
  'text/tab-separated-values',
  'application/json',
] as const;
export type PreviewKind = 'image' | 'pdf' | 'text';

/**
 * SPEC "Files": images, PDF and text are previewed; everything else (HTML and SVG included)
 * is only downloaded. The server stores these types only after checking the content.
 */
export function previewKindFor(mimeType: string | null): PreviewKind | null {
  if (!mimeType) return null;
  if ((PREVIEW_IMAGE_TYPES as readonly string[]).includes(mimeType)) return 'image';
  if (mimeType === 'application/pdf') return 'pdf';
  if ((PREVIEW_TEXT_TYPES as readonly string[]).includes(mimeType)) return 'text';
  return null;
}

/** MAX_UPLOAD_MB's default, which a screen assumes until the server's answer says otherwise. */
export const DEFAULT_MAX_UPLOAD_MB = 50;

export function fileTooLargeMessage(maxUploadMb: number): string {
  return `Files larger than ${maxUploadMb} MB cannot be uploaded.`;
}

export interface FolderEntry {
  name: string;
  path: string;
  /** What the folder holds, sub-folders included (issue 27 item 4): files, bytes, latest upload. */
  files: number;
  size: number;
  updatedAt: string | null;
  /** An admin, or someone who uploaded every file in it, sub-folders included (D7). */
  canDelete: boolean;
}

export interface FileEntry {
  id: string;
  name: string;
  folderPath: string;
  size: number;
  mimeType: string | null;
  previewKind: PreviewKind | null;
  uploadedBy: string | null;
  uploaderName: string | null;
  createdAt: string;
  /** The uploader or an admin (D7). */
  canDelete: boolean;
}

export interface FolderListing {
  folder: string;
  /** False for a folder that is not there (renamed, moved or deleted by someone, or a stale address): its page says so. */
  exists: boolean;
  folders: FolderEntry[];
  files: FileEntry[];
  maxUploadMb: number;
}

/** An upload into a folder that is no longer there (FolderListing.exists). */
export const FOLDER_GONE =
  'This folder is no longer there: someone renamed, moved or deleted it. Nothing was uploaded.';

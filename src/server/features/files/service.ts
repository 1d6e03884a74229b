import { randomUUID } from 'node:crypto';
import { and, asc, eq, like, ne, sql } from 'drizzle-orm';
import type { Access } from '../../auth/permissions';
import type { Db } from '../../db/client';
import { files, user } from '../../db/schema';
import type { AppDeps, SessionUser } from '../../http/app-env';
import type { IncomingFile } from '../../http/multipart';
import { newObjectKey } from '../../storage';
import { readHead } from '../../storage/read-head';
import { isPdf, looksLikeText, sniffImageType } from '../../storage/sniff';
import {
  cleanFileName,
  FOLDER_PATH_MAX,
  numberedFileName,
  PLACEHOLDER_NAME,
  PREVIEW_IMAGE_TYPES,
  PREVIEW_TEXT_TYPES,
  previewKindFor,
  storedFilePath,
  type FileEntry,
  type FolderEntry,
  type FolderListing,
} from '../../../shared/schemas/files';

export class FilesError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409,
  ) {
    super(message);
  }
}

/** The stored object of a file record: its key is derived from the record's id, never its name. */
export function fileObjectKey(fileId: string): string {
  return newObjectKey('files', fileId);
}

const maxUploadBytes = (deps: AppDeps) => Math.floor(deps.config.MAX_UPLOAD_MB * 1024 * 1024);

/** LIKE pattern for "starts with", with the pattern characters of folder names escaped. */
function startsWithPattern(prefix: string) {
  return `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const fileColumns = {
  id: files.id,
  name: files.name,
  folderPath: files.folderPath,
  size: files.size,
  mimeType: files.mimeType,
  uploadedBy: files.uploadedBy,
  uploaderName: sql<string | null>`coalesce(nullif(${user.name}, ''), ${user.email})`,
  createdAt: files.createdAt,
};

type FileRow = {
  id: string;
  name: string;
  folderPath: string;
  size: number;
  mimeType: string | null;
  uploadedBy: string | null;
  uploaderName: string | null;
  createdAt: Date;
};

function toEntry(row: FileRow, viewer: SessionUser, access: Access): FileEntry {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    previewKind: previewKindFor(row.mimeType),
    canDelete: canDelete(row, viewer, access),
  };
}

/** D7: the uploader or an admin. */
function canDelete(row: { uploadedBy: string | null }, viewer: SessionUser, access: Access) {
  return access.role === 'admin' || (row.uploadedBy !== null && row.uploadedBy === viewer.id);
}

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });

/** One folder of the shared drive (D7): its sub-folders, then its files, each by name. */
export async function listFolder(
  deps: AppDeps,
  folder: string,
  viewer: SessionUser,
  access: Access,
): Promise<FolderListing> {
  const { db } = deps.database;
  const [rows, below] = await Promise.all([
    db
      .select(fileColumns)
      .from(files)
      .leftJoin(user, eq(user.id, files.uploadedBy))
      .where(and(eq(files.folderPath, folder), ne(files.name, PLACEHOLDER_NAME)))
      .orderBy(asc(files.name)),
    db
      .selectDistinct({ folderPath: files.folderPath })
      .from(files)
      .where(and(like(files.folderPath, startsWithPattern(folder)), ne(files.folderPath, folder))),
  ]);
  const childNames = new Set(below.map((r) => r.folderPath.slice(folder.length).split('/')[0]!).filter(Boolean));
  const folders: FolderEntry[] = [...childNames].map((name) => ({ name, path: `${folder}${name}/` })).sort(byName);
  return {
    folder,
    folders,
    files: rows.map((r) => toEntry(r, viewer, access)).sort(byName),
    maxUploadMb: deps.config.MAX_UPLOAD_MB,
  };
}

/** SPEC 3: a folder is a zero-size '.placeholder' record (no stored object) in its folder_path. */
export async function createFolder(deps: AppDeps, userId: string, parent: string, name: string): Promise<FolderEntry> {
  const { db } = deps.database;
  const folderPath = `${parent}${name}/`;
  if (folderPath.length > FOLDER_PATH_MAX)
    throw new FilesError('This folder is nested too deeply for a new folder.', 400);
  const [existing] = await db
    .select({ id: files.id })
    .from(files)
    .where(like(files.folderPath, startsWithPattern(folderPath)))
    .limit(1);
  if (existing) throw new FilesError(`A folder named "${name}" already exists here.`, 409);
  await db
    .insert(files)
    .values({
      name: PLACEHOLDER_NAME,
      path: storedFilePath(userId, folderPath, PLACEHOLDER_NAME),
      folderPath,
      size: 0,
      mimeType: null,
      uploadedBy: userId,
    })
    .onConflictDoNothing({ target: files.path });
  await deps.bus.publish({ feature: 'files' }, { type: 'files.changed', folderPath: parent });
  return { name, path: folderPath };
}

export interface StoredUpload {
  id: string;
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

/** Enough of the start of a file to recognise images, PDF and (no NUL byte) text. */
const HEAD_BYTES = 1024;
const TEXT_EXTENSIONS: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
};
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * The type recorded for an upload. Types that get a preview (images, PDF, text) are given
 * only when the content bears them out; anything else keeps its declared type, which only
 * ever serves as a download's type.
 */
export function recordedMimeType(head: Buffer, declared: string, name: string): string {
  const image = sniffImageType(head);
  if (image) return image;
  if (isPdf(head)) return 'application/pdf';
  const type = declared.toLowerCase().split(';')[0]!.trim();
  const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  if (looksLikeText(head)) {
    if ((PREVIEW_TEXT_TYPES as readonly string[]).includes(type)) return type;
    if ((type === '' || type === 'application/octet-stream') && TEXT_EXTENSIONS[extension])
      return TEXT_EXTENSIONS[extension];
  }
  const previewable = [...PREVIEW_IMAGE_TYPES, ...PREVIEW_TEXT_TYPES, 'application/pdf'] as readonly string[];
  if (MIME_TYPE.test(type) && !previewable.includes(type)) return type;
  return 'application/octet-stream';
}

/** Streams one uploaded file into storage under a fresh key (its future record's id). */
export async function storeUpload(deps: AppDeps, incoming: IncomingFile): Promise<StoredUpload> {
  const name = cleanFileName(incoming.filename);
  if (name === PLACEHOLDER_NAME) {
    incoming.stream.destroy();
    throw new FilesError(`"${PLACEHOLDER_NAME}" is a reserved name. Rename the file and try again.`, 400);
  }
  const id = randomUUID();
  const key = fileObjectKey(id);
  const { head, body } = await readHead(incoming.stream, HEAD_BYTES);
  const mimeType = recordedMimeType(head, incoming.mimeType, name);
  const { size } = await deps.storage.put(key, body, { contentType: mimeType, maxBytes: maxUploadBytes(deps) });
  return { id, key, name, mimeType, size };
}

/**
 * Records a stored upload. One shared drive, so a name appears once per folder whoever
 * uploaded it: a second 'report.pdf' becomes 'report (1).pdf'. files.path (creator / folder /
 * sanitised name, SPEC 3) stays unique too.
 */
export async function recordUpload(
  deps: AppDeps,
  viewer: SessionUser,
  access: Access,
  folder: string,
  upload: StoredUpload,
): Promise<FileEntry> {
  const { db } = deps.database;
  for (let n = 0; n < 1000; n++) {
    const name = n === 0 ? upload.name : numberedFileName(upload.name, n);
    const [taken] = await db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.folderPath, folder), eq(files.name, name)))
      .limit(1);
    if (taken) continue;
    const [row] = await db
      .insert(files)
      .values({
        id: upload.id,
        name,
        path: storedFilePath(viewer.id, folder, name),
        folderPath: folder,
        size: upload.size,
        mimeType: upload.mimeType,
        uploadedBy: viewer.id,
      })
      .onConflictDoNothing({ target: files.path })
      .returning({ id: files.id });
    if (!row) continue;
    await deps.bus.publish({ feature: 'files' }, { type: 'files.changed', folderPath: folder });
    const entry = await findFile(db, row.id);
    return toEntry(entry!, viewer, access);
  }
  throw new FilesError('There are too many files of this name in this folder.', 409);
}

async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select(fileColumns)
    .from(files)
    .leftJoin(user, eq(user.id, files.uploadedBy))
    .where(eq(files.id, id));
  return row;
}

/** A listed file (folder placeholders are not files to anyone). */
export async function getFile(db: Db, id: string): Promise<FileRow> {
  const row = await findFile(db, id);
  if (!row || row.name === PLACEHOLDER_NAME) throw new FilesError('File not found', 404);
  return row;
}

/**
 * The uploader or an admin only (D7). The record goes first, then the stored object: a crash
 * between the two leaves an object without a record, which the orphan sweep removes, never a
 * record whose download fails (decision 0071 explains the departure from SPEC 4's order).
 */
export async function deleteFile(deps: AppDeps, id: string, viewer: SessionUser, access: Access): Promise<void> {
  const row = await getFile(deps.database.db, id);
  if (!canDelete(row, viewer, access)) {
    throw new FilesError('Only the person who uploaded this file, or an admin, can delete it.', 403);
  }
  await deps.database.db.delete(files).where(eq(files.id, row.id));
  await deps.storage
    .delete(fileObjectKey(row.id))
    .catch((err: unknown) =>
      deps.logger.warn({ err, id: row.id }, "could not delete a deleted file's object; the sweep will"),
    );
  await deps.bus.publish({ feature: 'files' }, { type: 'files.changed', folderPath: row.folderPath });
}

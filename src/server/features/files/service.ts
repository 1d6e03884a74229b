import { randomUUID } from 'node:crypto';
import { and, asc, eq, like, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { files, user } from '#server/db/schema';
import type { AppDeps } from '#server/http/app-env';
import type { Actor, ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import type { IncomingFile } from '#server/http/multipart';
import { newObjectKey } from '#server/storage/index';
import { readHead } from '#server/storage/read-head';
import { isPdf, looksLikeText, sniffImageType } from '#server/storage/sniff';
import {
  cleanFileName,
  FOLDER_PATH_MAX,
  fileExtension,
  numberedFileName,
  PLACEHOLDER_NAME,
  PREVIEW_IMAGE_TYPES,
  PREVIEW_TEXT_TYPES,
  previewKindFor,
  ROOT_FOLDER,
  FOLDER_GONE,
  storedFilePath,
  type FileEntry,
  type FolderEntry,
  type FolderListing,
} from '#shared/schemas/files';

/** The stored object of a file record: its key is derived from the record's id, never its name. */
export function fileObjectKey(fileId: string): string {
  return newObjectKey('files', fileId);
}

const maxUploadBytes = (deps: AppDeps) => Math.floor(deps.config.MAX_UPLOAD_MB * 1024 * 1024);

/** `text` for a LIKE pattern: its pattern characters match only themselves. */
export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** LIKE pattern for "starts with". */
export function startsWithPattern(prefix: string) {
  return `${escapeLike(prefix)}%`;
}

/**
 * Names are unique in a folder whatever their case: 'Report.pdf' and 'report.pdf' side by side
 * would be one file once downloaded to Windows or a Mac, or unpacked from an export (decision 0176).
 * The folder in or under `parent` whose name is `name` in any case, other than `except`; null when none.
 */
export async function folderNamedLike(db: Db, parent: string, name: string, except?: string): Promise<string | null> {
  const [row] = await db
    .select({ folderPath: files.folderPath })
    .from(files)
    .where(
      and(
        like(files.folderPath, startsWithPattern(parent)),
        sql`lower(${files.folderPath}) like lower(${startsWithPattern(`${parent}${name}/`)})`,
        except === undefined ? undefined : sql`${files.folderPath} not like ${startsWithPattern(except)}`,
      ),
    )
    .limit(1);
  if (!row) return null;
  return row.folderPath.slice(parent.length).split('/')[0]!;
}

/** A folder exists when it is home or anything (its placeholder included) lives in or below it. */
export async function folderExists(db: Db, folder: string): Promise<boolean> {
  if (folder === ROOT_FOLDER) return true;
  const [row] = await db
    .select({ id: files.id })
    .from(files)
    .where(like(files.folderPath, startsWithPattern(folder)))
    .limit(1);
  return Boolean(row);
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

/** Who is looking: enough to say whether they may delete a file. */
export type Viewer = Pick<Actor, 'id' | 'role'>;

export function toEntry(row: FileRow, viewer: Viewer): FileEntry {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    previewKind: previewKindFor(row.mimeType),
    canDelete: canDelete(row, viewer),
  };
}

/** D7: the uploader or an admin. */
export function canDelete(row: { uploadedBy: string | null }, viewer: Viewer) {
  return viewer.role === 'admin' || (row.uploadedBy !== null && row.uploadedBy === viewer.id);
}

/**
 * What a folder holds, per folder path below it: files, bytes, latest upload, and how many of
 * the files someone other than `viewer` uploaded (a folder with any is an admin's to delete).
 * The listing and the delete confirmation read the same figures.
 */
export const folderFigures = (viewer: Viewer) => ({
  files: sql<number>`(count(*) filter (where ${files.name} <> ${PLACEHOLDER_NAME}))::int`,
  size: sql<number>`coalesce(sum(${files.size}), 0)::float8`,
  updatedAt: sql<Date | null>`max(${files.createdAt}) filter (where ${files.name} <> ${PLACEHOLDER_NAME})`,
  othersFiles: sql<number>`(count(*) filter (where ${files.name} <> ${PLACEHOLDER_NAME} and ${files.uploadedBy} is distinct from ${viewer.id}))::int`,
});

/** D7 for a whole folder: an admin, or someone who uploaded every file in it. */
export const canDeleteFolder = (othersFiles: number, viewer: Viewer) => viewer.role === 'admin' || othersFiles === 0;

/** Open file managers showing this folder refresh. */
export const folderChanged = (folderPath: string) => ({
  audience: { feature: 'files' as const },
  event: { type: 'files.changed' as const, folderPath },
});

const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });

/**
 * One folder of the shared drive (D7): its sub-folders, then its files, each by name. A
 * sub-folder says what it holds, deeper folders included (files, bytes, latest upload), from one
 * grouped query over the folders below.
 */
export async function listFolder(ctx: ServiceContext, folder: string): Promise<FolderListing> {
  const { db, deps } = ctx;
  const [rows, below, exists] = await Promise.all([
    db
      .select(fileColumns)
      .from(files)
      .leftJoin(user, eq(user.id, files.uploadedBy))
      .where(and(eq(files.folderPath, folder), ne(files.name, PLACEHOLDER_NAME)))
      .orderBy(asc(files.name)),
    db
      .select({ folderPath: files.folderPath, ...folderFigures(ctx.actor) })
      .from(files)
      .where(and(like(files.folderPath, startsWithPattern(folder)), ne(files.folderPath, folder)))
      .groupBy(files.folderPath),
    folderExists(db, folder),
  ]);
  // Whether the viewer may delete each is decided once its files below are all counted.
  const children = new Map<string, Omit<FolderEntry, 'canDelete'> & { othersFiles: number }>();
  for (const row of below) {
    const name = row.folderPath.slice(folder.length).split('/')[0];
    if (!name) continue;
    const entry = children.get(name) ?? {
      name,
      path: `${folder}${name}/`,
      files: 0,
      size: 0,
      updatedAt: null,
      othersFiles: 0,
    };
    entry.files += row.files;
    entry.size += Number(row.size);
    entry.othersFiles += row.othersFiles;
    // An aggregate's timestamp comes back as text from some drivers: read it either way.
    const latest = row.updatedAt === null ? null : new Date(row.updatedAt).toISOString();
    if (latest && (!entry.updatedAt || latest > entry.updatedAt)) entry.updatedAt = latest;
    children.set(name, entry);
  }
  return {
    folder,
    exists,
    folders: [...children.values()]
      .map(({ othersFiles, ...entry }) => ({ ...entry, canDelete: canDeleteFolder(othersFiles, ctx.actor) }))
      .sort(byName),
    files: rows.map((r) => toEntry(r, ctx.actor)).sort(byName),
    maxUploadMb: deps.config.MAX_UPLOAD_MB,
  };
}

/** SPEC 3: a folder is a zero-size '.placeholder' record (no stored object) in its folder_path. */
export async function createFolder(ctx: ServiceContext, parent: string, name: string): Promise<FolderEntry> {
  const folderPath = `${parent}${name}/`;
  if (folderPath.length > FOLDER_PATH_MAX) refuse(400, 'This folder is nested too deeply for a new folder.');
  return ctx.change(async (tx) => {
    const existing = await folderNamedLike(tx.db, parent, name);
    if (existing !== null) refuse(409, `A folder named "${existing}" already exists here.`);
    const [row] = await tx.db
      .insert(files)
      .values({
        name: PLACEHOLDER_NAME,
        path: storedFilePath(tx.actor.id, folderPath, PLACEHOLDER_NAME),
        folderPath,
        size: 0,
        mimeType: null,
        uploadedBy: tx.actor.id,
      })
      .onConflictDoNothing({ target: files.path })
      .returning({ id: files.id });
    await tx.record({
      action: 'folder.created',
      subject: { type: 'folder', id: folderPath },
      announce: folderChanged(parent),
      after: { path: folderPath, placeholderId: row?.id ?? null },
    });
    return { name, path: folderPath, files: 0, size: 0, updatedAt: null, canDelete: true };
  });
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
    refuse(400, `"${PLACEHOLDER_NAME}" is a reserved name. Rename the file and try again.`);
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
 * uploaded it: a second 'report.pdf' becomes 'report (1).pdf'. Uploads into one folder take
 * their names one at a time (a transaction lock per folder), so two people uploading the same
 * name at once still get different ones; files.path (creator / folder / sanitised name, SPEC 3)
 * stays unique with them.
 */
export async function recordUpload(ctx: ServiceContext, folder: string, upload: StoredUpload): Promise<FileEntry> {
  const recorded = await ctx.change(async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`files:${folder}`}, 0))`);
    // A folder renamed, moved or deleted by someone else while this page showed it: the file
    // would start a folder of the old name beside the renamed one, splitting the team's files.
    if (!(await folderExists(tx.db, folder))) refuse(404, FOLDER_GONE);
    const { taken, folded } = await takenNames(tx.db, folder, upload.name);
    let name = upload.name;
    let row: { id: string } | undefined;
    for (let n = 1; !row; n++) {
      if (taken.has(n === 1 ? folded : numberedFileName(folded, n - 1))) {
        name = numberedFileName(upload.name, n);
        continue;
      }
      // Two names can share a stored path once sanitised ('a b.txt', 'a_b.txt'): then the next number.
      [row] = await tx.db
        .insert(files)
        .values({
          id: upload.id,
          name,
          path: storedFilePath(tx.actor.id, folder, name),
          folderPath: folder,
          size: upload.size,
          mimeType: upload.mimeType,
          uploadedBy: tx.actor.id,
        })
        .onConflictDoNothing({ target: files.path })
        .returning({ id: files.id });
      if (!row) name = numberedFileName(upload.name, n);
    }
    await tx.record({
      action: 'file.uploaded',
      subject: { type: 'file', id: row!.id },
      announce: folderChanged(folder),
      after: { name, folderPath: folder, size: upload.size, mimeType: upload.mimeType },
    });
    return (await findFile(tx.db, row!.id))!;
  });
  return toEntry(recorded, ctx.actor);
}

/**
 * The names 'name', 'name (1)', 'name (2)', ... already taken in the folder, in lower case (a
 * name is taken whatever its case, decision 0176), from one query (issue 26: a lookup per
 * existing duplicate made 500 uploads of one name take 21 s). `folded` is `name` lower-cased by
 * the database too: JavaScript's toLowerCase differs from it for some letters ('İ', a final
 * 'Σ'), and a comparison of the two let a second 'İSTANBUL.txt' in beside the first.
 * lower() maps letter to letter, so the numbered names' folds are `folded` numbered.
 */
export async function takenNames(
  db: Db,
  folder: string,
  name: string,
): Promise<{ taken: Set<string>; folded: string }> {
  const ending = fileExtension(name);
  const numbered = `${escapeLike(name.slice(0, name.length - ending.length))} (%)${escapeLike(ending)}`;
  const rows = await db
    .select({ name: sql<string | null>`lower(${files.name})`, folded: sql<string>`lower(${name})` })
    .from(sql`(select 1) as upload`)
    .leftJoin(
      files,
      and(
        eq(files.folderPath, folder),
        or(sql`lower(${files.name}) = lower(${name})`, sql`lower(${files.name}) like lower(${numbered})`),
      ),
    );
  return {
    taken: new Set(rows.flatMap((row) => (row.name === null ? [] : [row.name]))),
    folded: rows[0]!.folded,
  };
}

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
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
  if (!row || row.name === PLACEHOLDER_NAME) refuse(404, 'File not found');
  return row;
}

/**
 * The uploader or an admin only (D7). The record goes first, then the stored object: a crash
 * between the two leaves an object without a record, which the orphan sweep removes, never a
 * record whose download fails (decision 0071 explains the departure from SPEC 4's order).
 */
export async function deleteFile(ctx: ServiceContext, id: string): Promise<void> {
  const row = await ctx.change(async (tx) => {
    const row = await getFile(tx.db, id);
    if (!canDelete(row, tx.actor)) refuse(403, 'Only the person who uploaded this file, or an admin, can delete it.');
    await tx.db.delete(files).where(eq(files.id, row.id));
    await tx.record({
      action: 'file.deleted',
      subject: { type: 'file', id: row.id },
      announce: folderChanged(row.folderPath),
      before: { name: row.name, folderPath: row.folderPath, size: row.size, uploadedBy: row.uploadedBy },
    });
    return row;
  });
  const { storage, logger } = ctx.deps;
  await storage
    .delete(fileObjectKey(row.id))
    .catch((err: unknown) =>
      logger.warn({ err, id: row.id }, "could not delete a deleted file's object; the sweep will"),
    );
}

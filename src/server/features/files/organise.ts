import { and, eq, like, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { files } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import {
  PLACEHOLDER_NAME,
  parentFolder,
  storedFilePath,
  type FileEntry,
  type FolderEntry,
} from '#shared/schemas/files';
import {
  canDelete,
  canDeleteFolder,
  fileObjectKey,
  findFile,
  folderChanged,
  folderExists,
  folderNamedLike,
  folderFigures,
  getFile,
  startsWithPattern,
  toEntry,
  type Viewer,
} from './service';

/**
 * Renaming, moving and deleting in the shared drive (issue 27 item 4, decision 0126). Changing
 * a file is for whoever may delete it (its uploader or an admin, D7). A folder belongs to the
 * team: anyone with `files` may rename or move it (everything in it goes along, nothing is
 * lost, and the audit log says who), but deleting one deletes files, so it is for an admin or
 * for someone who uploaded every file in it.
 */

/** Folder operations and uploads into a folder take their turn (uploads lock `files:<folder>`). */
async function lockFolders(db: Db, ...folders: string[]) {
  for (const folder of [...new Set(folders)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`files:${folder}`}, 0))`);
  }
}

/** The uploader's id as the stored path begins with it (kept when the account was deleted). */
const pathOwner = (path: string) => path.split('/')[0]!;

/** Renames a file, moves it to another folder, or both; a name taken there answers 409. */
export async function changeFile(
  ctx: ServiceContext,
  id: string,
  change: { name?: string; folder?: string },
): Promise<FileEntry> {
  const updated = await ctx.change(async (tx) => {
    const before = await getFile(tx.db, id);
    if (!canDelete(before, tx.actor)) {
      refuse(403, 'Only the person who uploaded this file, or an admin, can rename or move it.');
    }
    const name = change.name ?? before.name;
    const folder = change.folder ?? before.folderPath;
    await lockFolders(tx.db, before.folderPath, folder);
    if (!(await folderExists(tx.db, folder))) refuse(404, 'This folder does not exist');
    if (name === before.name && folder === before.folderPath) return before;
    // Whatever its case (decision 0176); the file itself may change only its case.
    const [taken] = await tx.db
      .select({ name: files.name })
      .from(files)
      .where(and(eq(files.folderPath, folder), sql`lower(${files.name}) = lower(${name})`, ne(files.id, id)))
      .limit(1);
    if (taken) refuse(409, `A file named "${taken.name}" already exists in that folder.`);
    const [{ path }] = (await tx.db.select({ path: files.path }).from(files).where(eq(files.id, id))) as [
      { path: string },
    ];
    const newPath = storedFilePath(before.uploadedBy ?? pathOwner(path), folder, name);
    const [clash] = await tx.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.path, newPath), ne(files.id, id)))
      .limit(1);
    // Two names can share a stored path once sanitised ('a b.txt', 'a_b.txt').
    if (clash) refuse(409, `A file with a name like "${name}" already exists in that folder. Choose another name.`);
    await tx.db.update(files).set({ name, folderPath: folder, path: newPath }).where(eq(files.id, id));
    const moved = folder !== before.folderPath;
    await tx.record({
      action: moved ? 'file.moved' : 'file.renamed',
      subject: { type: 'file', id },
      announce: moved ? [folderChanged(before.folderPath), folderChanged(folder)] : folderChanged(folder),
      before: { name: before.name, folderPath: before.folderPath },
      after: { name, folderPath: folder },
    });
    return (await findFile(tx.db, id))!;
  });
  return toEntry(updated, ctx.actor);
}

/**
 * Renames a folder, moves it into another, or both: every row in and below it takes the new
 * folder path in one statement. Refused: a name taken in the target (409), a folder moved into
 * itself or below itself (400), a target that does not exist (404).
 */
export async function changeFolder(
  ctx: ServiceContext,
  path: string,
  change: { name?: string; parent?: string },
): Promise<FolderEntry> {
  const oldParent = parentFolder(path);
  const oldName = path.slice(oldParent.length, -1);
  const parent = change.parent ?? oldParent;
  const name = change.name ?? oldName;
  const target = `${parent}${name}/`;
  if (target.startsWith(path) && target !== path) refuse(400, 'A folder cannot be moved into itself.');
  return ctx.change(async (tx) => {
    await lockFolders(tx.db, path, target);
    if (!(await folderExists(tx.db, path))) refuse(404, 'This folder does not exist');
    if (!(await folderExists(tx.db, parent))) refuse(404, 'The folder to move into does not exist');
    const summary = await folderSummary(tx.db, path, tx.actor);
    if (target === path) return { name, path, ...summary };
    const existing = await folderNamedLike(tx.db, parent, name, path);
    if (existing !== null) refuse(409, `A folder named "${existing}" already exists there.`);
    // path = owner + folder path + sanitised name (SPEC 3): swap the folder part, keep the rest.
    const pattern = startsWithPattern(path);
    const newFolderPath = sql`(${target} || substr(${files.folderPath}, length(${path}::text) + 1))`;
    const owner = sql`split_part(${files.path}, '/', 1)`;
    await tx.db.execute(sql`
      update ${files}
      set path = ${owner} || ${newFolderPath} || substr(${files.path}, length(${owner}) + length(${files.folderPath}) + 1),
          folder_path = ${newFolderPath}
      where ${files.folderPath} like ${pattern}
    `);
    await tx.record({
      action: parent === oldParent ? 'folder.renamed' : 'folder.moved',
      subject: { type: 'folder', id: target },
      announce: [folderChanged(oldParent), folderChanged(parent), folderChanged(path)],
      before: { path },
      after: { path: target, files: summary.files },
    });
    return { name, path: target, ...summary };
  });
}

/** What a folder holds, sub-folders included, and whether `viewer` may delete it: for the delete confirmation and a renamed folder's row. */
export async function folderSummary(
  db: Db,
  path: string,
  viewer: Viewer,
): Promise<Pick<FolderEntry, 'files' | 'size' | 'updatedAt' | 'canDelete'>> {
  const [row] = await db
    .select(folderFigures(viewer))
    .from(files)
    .where(like(files.folderPath, startsWithPattern(path)));
  return {
    files: row?.files ?? 0,
    size: Number(row?.size ?? 0),
    updatedAt: row?.updatedAt ? new Date(row.updatedAt).toISOString() : null,
    canDelete: canDeleteFolder(row?.othersFiles ?? 0, viewer),
  };
}

/**
 * Deletes a folder and everything in it: for an admin, or for someone who uploaded every file
 * in it (a folder of other people's files is not theirs to delete). Rows first, then the stored
 * objects, as for one file (decision 0071): a crash between leaves objects the sweep removes.
 */
export async function deleteFolder(ctx: ServiceContext, path: string): Promise<{ files: number }> {
  const removed = await ctx.change(async (tx) => {
    await lockFolders(tx.db, path);
    const rows = await tx.db
      .select({ id: files.id, name: files.name, uploadedBy: files.uploadedBy })
      .from(files)
      .where(like(files.folderPath, startsWithPattern(path)));
    if (rows.length === 0) refuse(404, 'This folder does not exist');
    const held = rows.filter((row) => row.name !== PLACEHOLDER_NAME);
    if (!held.every((row) => canDelete(row, tx.actor))) {
      refuse(403, 'This folder holds files uploaded by others. Only an admin can delete it.');
    }
    await tx.db.delete(files).where(like(files.folderPath, startsWithPattern(path)));
    await tx.record({
      action: 'folder.deleted',
      subject: { type: 'folder', id: path },
      announce: [folderChanged(parentFolder(path)), folderChanged(path)],
      before: { path, files: held.length },
    });
    return held;
  });
  const { storage, logger } = ctx.deps;
  for (const row of removed) {
    await storage
      .delete(fileObjectKey(row.id))
      .catch((err: unknown) =>
        logger.warn({ err, id: row.id }, "could not delete a deleted folder's file object; the sweep will"),
      );
  }
  return { files: removed.length };
}

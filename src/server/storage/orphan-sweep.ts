import { eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events, files, importUploads, messageAttachments, onboardingSteps } from '../db/schema';
import type { Logger } from '../logger';
import type { KeyPrefix, Storage } from './storage';

/**
 * An object is written before the record that refers to it, so a crash (or a lost database
 * connection) between the two leaves an object nobody refers to: never a record without its
 * object. Such an object is only ever from a write that was not acknowledged. This removes
 * them once they are older than any upload could take to get its record
 * (docs/decisions/0071-orphan-objects.md).
 */
export const ORPHAN_MIN_AGE_MS = 15 * 60 * 1000;
const BATCH = 200;
/**
 * An onboarding video (up to 2 GB) may take far longer than 15 minutes to arrive, and S3 dates
 * a multipart object by when its upload began: such objects wait for the longest a request may
 * last (http/listen.ts, 30 minutes) and more before they count as orphans.
 */
export const VIDEO_ORPHAN_MIN_AGE_MS = 2 * 60 * 60 * 1000;
/** How long an uploaded import file waits for its commit (docs/decisions/0113). */
export const IMPORT_UPLOAD_KEPT_MS = 24 * 60 * 60 * 1000;

/** Keys among `keys` that a record refers to. */
async function referencedKeys(db: Db, prefix: KeyPrefix, keys: string[]): Promise<Set<string>> {
  if (prefix === 'imports') {
    const ids = keys.map((key) => key.slice('imports/'.length));
    const rows = await db.select({ id: importUploads.id }).from(importUploads).where(inArray(importUploads.id, ids));
    return new Set(rows.map((r) => `imports/${r.id}`));
  }
  if (prefix === 'files') {
    const ids = keys.map((key) => key.slice('files/'.length));
    const rows = await db.select({ id: files.id }).from(files).where(inArray(files.id, ids));
    return new Set(rows.map((r) => `files/${r.id}`));
  }
  if (prefix === 'onboarding-videos') {
    const rows = await db
      .select({ key: onboardingSteps.videoKey })
      .from(onboardingSteps)
      .where(inArray(onboardingSteps.videoKey, keys));
    return new Set(rows.map((r) => r.key!));
  }
  if (prefix === 'chat-attachments') {
    const rows = await db
      .select({ key: messageAttachments.storageKey })
      .from(messageAttachments)
      .where(inArray(messageAttachments.storageKey, keys));
    return new Set(rows.map((r) => r.key));
  }
  const rows = await db.select({ key: events.imageUrl }).from(events).where(inArray(events.imageUrl, keys));
  return new Set(rows.map((r) => r.key!));
}

/** Deletes unreferenced objects last written before `now - minAgeMs`; returns how many. */
export async function sweepOrphanObjects(
  db: Db,
  storage: Storage,
  { minAgeMs = ORPHAN_MIN_AGE_MS, now = new Date() }: { minAgeMs?: number; now?: Date } = {},
): Promise<number> {
  const cutoff = now.getTime() - minAgeMs;
  let removed = 0;
  // An import upload nobody committed or abandoned within a day is abandoned: its object then
  // goes with the other unreferenced ones.
  await db.delete(importUploads).where(lt(importUploads.createdAt, new Date(now.getTime() - IMPORT_UPLOAD_KEPT_MS)));
  for (const prefix of ['files', 'event-images', 'imports', 'onboarding-videos', 'chat-attachments'] as const) {
    const prefixCutoff =
      prefix === 'onboarding-videos' ? Math.min(cutoff, now.getTime() - VIDEO_ORPHAN_MIN_AGE_MS) : cutoff;
    let batch: string[] = [];
    const flush = async () => {
      const referenced = await referencedKeys(db, prefix, batch);
      for (const key of batch) {
        if (referenced.has(key)) continue;
        // Checked again one by one just before deleting: the batch query is a moment old.
        if (!(await stillUnreferenced(db, prefix, key))) continue;
        await storage.delete(key);
        removed++;
      }
      batch = [];
    };
    for await (const object of storage.list(prefix)) {
      if (object.lastModified.getTime() > prefixCutoff) continue;
      batch.push(object.key);
      if (batch.length >= BATCH) await flush();
    }
    if (batch.length > 0) await flush();
  }
  return removed;
}

async function stillUnreferenced(db: Db, prefix: KeyPrefix, key: string): Promise<boolean> {
  if (prefix === 'imports') {
    const id = key.slice('imports/'.length);
    const rows = await db.select({ id: importUploads.id }).from(importUploads).where(eq(importUploads.id, id)).limit(1);
    return rows.length === 0;
  }
  if (prefix === 'onboarding-videos') {
    const rows = await db
      .select({ id: onboardingSteps.id })
      .from(onboardingSteps)
      .where(eq(onboardingSteps.videoKey, key))
      .limit(1);
    return rows.length === 0;
  }
  if (prefix === 'chat-attachments') {
    const rows = await db
      .select({ id: messageAttachments.id })
      .from(messageAttachments)
      .where(eq(messageAttachments.storageKey, key))
      .limit(1);
    return rows.length === 0;
  }
  const rows =
    prefix === 'files'
      ? await db
          .select({ id: files.id })
          .from(files)
          .where(eq(files.id, key.slice('files/'.length)))
          .limit(1)
      : await db.select({ id: events.id }).from(events).where(eq(events.imageUrl, key)).limit(1);
  return rows.length === 0;
}

/** Runs the sweep, logging rather than failing: a missed sweep only delays the clean-up. */
export async function sweepOrphanObjectsLogged(db: Db, storage: Storage, logger: Logger): Promise<void> {
  try {
    const removed = await sweepOrphanObjects(db, storage);
    if (removed > 0) logger.info({ removed }, 'removed stored objects that no record refers to');
  } catch (err) {
    logger.warn({ err }, 'sweeping unreferenced stored objects failed');
  }
}

import { and, desc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env';
import { UploadError } from '../http/multipart';
import { withUpload } from '../http/upload';
import { importMappings, importUploads } from '../db/schema';
import type { Db } from '../db/client';
import type { ServiceContext } from '../service/context';
import { refuse } from '../service/errors';
import { newObjectKey } from '../storage';
import { IMPORT_LIMITS, type ImportMapping, type ImportUploadView } from '#shared/imports';
import { ImportFileError } from './csv-file';
import { openUpload } from './check-rows';
import type { ImportTarget } from './target';

export type ImportUploadRow = typeof importUploads.$inferSelect;

export const uploadKey = (id: string) => newObjectKey('imports', id);

/**
 * Receives one CSV (multipart field "file") into storage as it streams, within the installation's
 * upload limit, then reads it through once: encoding, delimiter, header and row count. Any
 * refusal, a cut-off upload included, leaves neither object nor record (http/upload.ts).
 */
export async function receiveUpload<Row>(c: Context<AppEnv>, ctx: ServiceContext, target: ImportTarget<Row>) {
  const { storage, config } = ctx.deps;
  return withUpload(
    c,
    {
      fileField: 'file',
      store: async (incoming) => {
        const id = randomUUID();
        const info = await storage.put(uploadKey(id), incoming.stream, {
          contentType: 'text/csv',
          maxBytes: Math.floor(config.MAX_UPLOAD_MB * 1024 * 1024),
        });
        return { id, size: info.size, fileName: incoming.filename.slice(0, 255) || 'import.csv' };
      },
      remove: (stored) => storage.delete(uploadKey(stored.id)),
    },
    async (_fields, stored): Promise<ImportUploadView> => {
      if (!stored) throw new UploadError('Choose a CSV file to upload.', 400);
      const { delimiter, rows } = await openUpload(storage, uploadKey(stored.id));
      let headers: string[] | undefined;
      let count = 0;
      for await (const { cells } of rows) {
        if (headers) count++;
        else headers = cells.map((h) => h.trim());
      }
      if (!headers) throw new ImportFileError('The file is empty.');
      if (count === 0) throw new ImportFileError('The file has a header row but no rows to import.');
      await ctx.change(async (tx) => {
        await tx.db.insert(importUploads).values({
          id: stored.id,
          kind: target.kind,
          ownerId: tx.actor.id,
          fileName: stored.fileName,
          size: stored.size,
          rows: count,
        });
        // Donors' data entering the portal: the audit log says who brought which file.
        await tx.record({
          action: 'import.uploaded',
          subject: { type: 'import-upload', id: stored.id },
          after: { kind: target.kind, fileName: stored.fileName, size: stored.size, rows: count },
        });
      });
      return {
        id: stored.id,
        fileName: stored.fileName,
        size: stored.size,
        rows: count,
        headers,
        delimiter,
        fields: target.fields.map(({ key, label, required, hint }) => ({ key, label, required, hint })),
        mapping: guessMapping(target, headers),
        mappingRemembered: false,
        ...(target.duplicateModes ? { duplicateModes: [...target.duplicateModes] } : {}),
      };
    },
  );
}

/** The caller's own upload of this kind; anyone else's is as unknown as a missing one. */
export async function findUpload<Row>(ctx: ServiceContext, target: ImportTarget<Row>, id: string) {
  const [row] = await ctx.db
    .select()
    .from(importUploads)
    .where(and(eq(importUploads.id, id), eq(importUploads.kind, target.kind), eq(importUploads.ownerId, ctx.actor.id)));
  if (!row) refuse(404, 'This upload is gone (committed, abandoned or older than a day). Upload the file again.');
  return row;
}

/** Abandons an upload: its record, then its object (a crash between the two leaves an orphan the sweep removes). */
export async function abandonUpload<Row>(ctx: ServiceContext, target: ImportTarget<Row>, id: string) {
  await ctx.change(async (tx) => {
    const upload = await findUpload(tx, target, id);
    await tx.db.delete(importUploads).where(eq(importUploads.id, upload.id));
    await tx.record({
      action: 'import.abandoned',
      subject: { type: 'import-upload', id: upload.id },
      before: { kind: target.kind, fileName: upload.fileName },
    });
  });
  await ctx.deps.storage.delete(uploadKey(id)).catch(() => {});
}

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each field gets the first header whose name matches its label, key or one of its aliases. */
export function guessMapping<Row>(target: ImportTarget<Row>, headers: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const field of target.fields) {
    const names = new Set([field.key, field.label, ...field.aliases].map(normalise));
    const header = headers.find((h) => !taken.has(h) && names.has(normalise(h)));
    if (header) {
      mapping[field.key] = header;
      taken.add(header);
    }
  }
  return mapping;
}

/** The mapping last used for this source, kept to the headers this file has. */
export async function rememberedMapping<Row>(db: Db, target: ImportTarget<Row>, source: string, headers?: string[]) {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.kind, target.kind), eq(importMappings.source, source)));
  if (!row) return null;
  const mapping = row.mapping as ImportMapping;
  if (!headers) return mapping;
  return Object.fromEntries(Object.entries(mapping).filter(([, header]) => headers.includes(header)));
}

/** The sources imported from before, most recent first, for the source picker. */
export async function knownSources<Row>(db: Db, target: ImportTarget<Row>) {
  const rows = await db
    .select({ source: importMappings.source })
    .from(importMappings)
    .where(eq(importMappings.kind, target.kind))
    .orderBy(desc(importMappings.updatedAt))
    .limit(50);
  return rows.map((r) => r.source);
}

/** Keeps the mapping for the next file from the same source (in the commit's transaction). */
export async function rememberMapping(db: Db, kind: ImportUploadRow['kind'], source: string, mapping: ImportMapping) {
  await db
    .insert(importMappings)
    .values({ kind, source: source.slice(0, IMPORT_LIMITS.sourceName), mapping })
    .onConflictDoUpdate({
      target: [importMappings.kind, importMappings.source],
      set: { mapping, updatedAt: new Date() },
    });
}

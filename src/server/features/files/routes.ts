import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { parseMultipart, UploadError, uploadRefusal } from '../../http/multipart';
import { requireFeature } from '../../http/require';
import { contextOf } from '../../http/service-context';
import { serveStoredObject } from '../../http/stored-file';
import { validate } from '../../http/validate';
import { ObjectTooLargeError } from '../../storage';
import {
  createFolderSchema,
  fileIdSchema,
  fileTooLargeMessage,
  folderQuerySchema,
  previewKindFor,
} from '../../../shared/schemas/files';
import { createFolder, deleteFile, fileObjectKey, getFile, listFolder, recordUpload, storeUpload } from './service';

/** /api/files: the shared drive (D7). Everyone with the files permission sees every folder. */
export function filesRoutes() {
  return (
    new Hono<AppEnv>()
      .use('*', requireFeature('files'))
      .onError((err, c) => {
        if (err instanceof UploadError) return uploadRefusal(c, err);
        throw err;
      })
      .get('/', validate('query', folderQuerySchema), async (c) => {
        const { folder } = c.req.valid('query');
        return c.json(await listFolder(contextOf(c), folder));
      })
      .post('/folders', validate('json', createFolderSchema), async (c) => {
        const { parent, name } = c.req.valid('json');
        return c.json({ folder: await createFolder(contextOf(c), parent, name) }, 201);
      })
      // One file per request (multipart field "file"), streamed to storage as it arrives.
      .post('/', validate('query', folderQuerySchema), async (c) => {
        const { deps } = c.var;
        const { folder } = c.req.valid('query');
        const tooLarge = fileTooLargeMessage(deps.config.MAX_UPLOAD_MB);
        const parsed = await parseMultipart(c.req.raw, {
          fileField: 'file',
          maxFileBytes: Math.floor(deps.config.MAX_UPLOAD_MB * 1024 * 1024),
          tooLargeMessage: tooLarge,
          onFile: (incoming) => storeUpload(deps, incoming),
        });
        const stored = parsed.file?.status === 'fulfilled' ? parsed.file.value : undefined;
        try {
          if (parsed.error) throw parsed.error;
          if (!parsed.file) throw new UploadError('Choose a file to upload.', 400);
          if (parsed.file.status === 'rejected') {
            const reason = parsed.file.reason;
            if (reason instanceof ObjectTooLargeError) throw new UploadError(tooLarge, 413);
            throw reason;
          }
          return c.json({ file: await recordUpload(contextOf(c), folder, stored!) }, 201);
        } catch (err) {
          // No record without an object, and no object without a record.
          if (stored) await deps.storage.delete(stored.key);
          throw err;
        }
      })
      .get('/:id/download', validate('param', fileIdSchema), (c) => serveFile(c, c.req.valid('param').id, 'download'))
      // Images, PDF and text inline (for the viewer's frame); anything else only as a download.
      .get('/:id/preview', validate('param', fileIdSchema), (c) => serveFile(c, c.req.valid('param').id, 'preview'))
      .delete('/:id', validate('param', fileIdSchema), async (c) => {
        const { id } = c.req.valid('param');
        await deleteFile(contextOf(c), id);
        return c.json({ deleted: id });
      })
  );
}

/**
 * A stored file as a download, or inline for the viewer when its type can be previewed.
 * Text is always sent as text/plain, and anything unpreviewable as an octet stream, so no
 * upload is ever rendered as a page in the portal's origin.
 */
async function serveFile(c: Context<AppEnv>, id: string, mode: 'download' | 'preview') {
  const file = await getFile(c.var.deps.database.db, id);
  const object = await c.var.deps.storage.get(fileObjectKey(file.id));
  if (!object) return c.json({ error: 'File not found' }, 404);
  const kind = previewKindFor(file.mimeType);
  return serveStoredObject(c, object, {
    filename: file.name,
    contentType: !kind ? 'application/octet-stream' : kind === 'text' ? 'text/plain; charset=utf-8' : file.mimeType!,
    disposition: mode === 'preview' && kind ? 'inline' : 'attachment',
    cacheControl: 'private, no-cache',
  });
}

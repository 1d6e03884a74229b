import { Hono, type Context } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { UploadError } from '#server/http/multipart';
import { requireFeature } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { serveStoredObject } from '#server/http/stored-file';
import { withUpload } from '#server/http/upload';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import {
  createFolderSchema,
  fileChangeSchema,
  fileIdSchema,
  folderChangeSchema,
  folderPathQuerySchema,
  folderQuerySchema,
  previewKindFor,
} from '#shared/schemas/files';
import { changeFile, changeFolder, deleteFolder, folderSummary } from './organise';
import { createFolder, deleteFile, fileObjectKey, getFile, listFolder, recordUpload, storeUpload } from './service';

/** /api/files: the shared drive (D7). Everyone with the files permission sees every folder. */
export function filesRoutes() {
  return (
    new Hono<AppEnv>()
      .use('*', requireFeature('files'))
      .get('/', validate('query', folderQuerySchema), async (c) => {
        const { folder } = c.req.valid('query');
        return c.json(await listFolder(contextOf(c), folder));
      })
      .post('/folders', validate('json', createFolderSchema), async (c) => {
        const { parent, name } = c.req.valid('json');
        return c.json({ folder: await createFolder(contextOf(c), parent, name) }, 201);
      })
      // Issue 27 item 4: rename, move and delete folders (decision 0126).
      .patch('/folders', validate('json', folderChangeSchema), async (c) => {
        const { path, ...change } = c.req.valid('json');
        return c.json({ folder: await changeFolder(contextOf(c), path, change) });
      })
      .get('/folders/summary', validate('query', folderPathQuerySchema), async (c) =>
        c.json(await folderSummary(c.var.deps.database.db, c.req.valid('query').path, contextOf(c).actor)),
      )
      .delete('/folders', validate('query', folderPathQuerySchema), async (c) =>
        c.json(await deleteFolder(contextOf(c), c.req.valid('query').path)),
      )
      // One file per request (multipart field "file"), streamed to storage as it arrives.
      .post('/', validate('query', folderQuerySchema), async (c) => {
        const { deps } = c.var;
        const { folder } = c.req.valid('query');
        const file = await withUpload(
          c,
          {
            fileField: 'file',
            store: (incoming) => storeUpload(deps, incoming),
            remove: (stored) => deps.storage.delete(stored.key),
          },
          async (_fields, stored) => {
            if (!stored) throw new UploadError('Choose a file to upload.', 400);
            return recordUpload(contextOf(c), folder, stored);
          },
        );
        return c.json({ file }, 201);
      })
      .get('/:id/download', validate('param', fileIdSchema), (c) => serveFile(c, c.req.valid('param').id, 'download'))
      // Images, PDF and text inline (for the viewer's frame); anything else only as a download.
      .get('/:id/preview', validate('param', fileIdSchema), (c) => serveFile(c, c.req.valid('param').id, 'preview'))
      .patch('/:id', validate('param', fileIdSchema), validate('json', fileChangeSchema), async (c) =>
        c.json({ file: await changeFile(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }),
      )
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
  if (!object) refuse(404, 'File not found');
  const kind = previewKindFor(file.mimeType);
  return serveStoredObject(c, object, {
    filename: file.name,
    contentType: !kind ? 'application/octet-stream' : kind === 'text' ? 'text/plain; charset=utf-8' : file.mimeType!,
    disposition: mode === 'preview' && kind ? 'inline' : 'attachment',
    cacheControl: 'private, no-cache',
  });
}

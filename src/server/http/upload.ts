import type { Context } from 'hono';
import { fileTooLargeMessage } from '#shared/schemas/files';
import { ObjectTooLargeError } from '../storage/index';
import type { AppEnv } from './app-env';
import { parseMultipart, UploadError, type IncomingFile } from './multipart';

/**
 * Receives a form with at most one file (`fileField`), which goes to `store` as it arrives,
 * never whole into memory, within the installation's upload limit. `use` then gets the text
 * fields and what was stored. A refused upload, or a refusal or failure of `use`, removes what
 * was stored: no object without its record.
 */
export async function withUpload<Stored, Result>(
  c: Context<AppEnv>,
  options: {
    fileField: string;
    store: (incoming: IncomingFile) => Promise<Stored>;
    remove: (stored: Stored) => Promise<void>;
    /** A limit of the route's own (a video), else the installation's MAX_UPLOAD_MB. */
    limit?: { maxMb: number; tooLargeMessage: string };
  },
  use: (fields: Record<string, string>, stored: Stored | undefined) => Promise<Result>,
): Promise<Result> {
  const maxMb = options.limit?.maxMb ?? c.var.deps.config.MAX_UPLOAD_MB;
  const tooLarge = options.limit?.tooLargeMessage ?? fileTooLargeMessage(maxMb);
  const parsed = await parseMultipart(c.req.raw, {
    fileField: options.fileField,
    maxFileBytes: Math.floor(maxMb * 1024 * 1024),
    tooLargeMessage: tooLarge,
    onFile: options.store,
  });
  const stored = parsed.file?.status === 'fulfilled' ? parsed.file.value : undefined;
  try {
    if (parsed.error) throw parsed.error;
    if (parsed.file?.status === 'rejected') {
      const reason = parsed.file.reason;
      throw reason instanceof ObjectTooLargeError ? new UploadError(tooLarge, 413) : reason;
    }
    return await use(parsed.fields, stored);
  } catch (err) {
    if (stored !== undefined) await options.remove(stored);
    throw err;
  }
}

/**
 * withUpload for a form with up to `maxFiles` files in `fileField` (a chat message's
 * attachments, docs/decisions/0124). Every file goes to `store` as it arrives; if any is
 * refused, or the request or `use` fails, every file stored so far is removed.
 */
export async function withUploads<Stored, Result>(
  c: Context<AppEnv>,
  options: {
    fileField: string;
    maxFiles: number;
    tooManyFilesMessage: string;
    store: (incoming: IncomingFile) => Promise<Stored>;
    remove: (stored: Stored) => Promise<void>;
  },
  use: (fields: Record<string, string>, stored: Stored[]) => Promise<Result>,
): Promise<Result> {
  const { MAX_UPLOAD_MB } = c.var.deps.config;
  const tooLarge = fileTooLargeMessage(MAX_UPLOAD_MB);
  const parsed = await parseMultipart(c.req.raw, {
    fileField: options.fileField,
    maxFileBytes: Math.floor(MAX_UPLOAD_MB * 1024 * 1024),
    tooLargeMessage: tooLarge,
    onFile: options.store,
    maxFiles: options.maxFiles,
    tooManyFilesMessage: options.tooManyFilesMessage,
  });
  const stored = parsed.files.flatMap((f) => (f.status === 'fulfilled' ? [f.value] : []));
  try {
    if (parsed.error) throw parsed.error;
    const rejected = parsed.files.find((f) => f.status === 'rejected');
    if (rejected) {
      const reason = rejected.reason;
      throw reason instanceof ObjectTooLargeError ? new UploadError(tooLarge, 413) : reason;
    }
    return await use(parsed.fields, stored);
  } catch (err) {
    await Promise.all(stored.map((s) => options.remove(s)));
    throw err;
  }
}

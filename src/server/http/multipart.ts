import busboy from 'busboy';
import { PassThrough, Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ServiceError } from '../service/errors';

/** Room for the multipart framing and text fields around one file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const FIELD_MAX_BYTES = 16 * 1024;
const FIELDS_MAX = 20;

/**
 * A refused upload: one of the service refusals (docs/decisions/0097), so app.ts's one error
 * handler answers it; a 413 there also closes the connection, so the rest of an oversized body
 * is not read.
 */
export class UploadError extends ServiceError {
  constructor(message: string, status: 400 | 413 | 415) {
    super(status, message);
    this.name = 'UploadError';
  }
}

export interface IncomingFile {
  /** The file name as the browser sent it: untrusted, display only. */
  filename: string;
  /** The declared type: untrusted. */
  mimeType: string;
  /** The file's bytes. Destroying it is safe: the rest of the upload is then read and dropped. */
  stream: Readable;
}

export interface ParsedMultipart<T> {
  fields: Record<string, string>;
  /** What onFile settled with, when the request carried the file field. */
  file?: PromiseSettledResult<T>;
  /** Every file of the file field, in order (at most `maxFiles`); `file` is the first. */
  files: PromiseSettledResult<T>[];
  /** The request body was malformed or cut short. */
  error?: Error;
}

/**
 * Parses a multipart/form-data request as a stream (busboy): the one file field goes to
 * `onFile` chunk by chunk, never whole into memory; other file parts are skipped; text fields
 * are collected. Refuses (413) up front when Content-Length already shows the file cannot fit,
 * and, for a body sent without one, as soon as more has arrived than the file and its framing
 * can take: reading stops there, and the answer closes the connection (app.ts's error handler).
 * Otherwise it resolves once the whole request has been read.
 */
export async function parseMultipart<T>(
  request: Request,
  options: {
    fileField: string;
    maxFileBytes: number;
    tooLargeMessage: string;
    onFile: (file: IncomingFile) => Promise<T>;
    /**
     * How many files the field may carry (default 1). The request as a whole stays within one
     * file's limit and its framing (as body-limit.ts has it), so several files share that limit.
     * A request carrying more files than this is refused with `tooManyFilesMessage`, if given.
     */
    maxFiles?: number;
    tooManyFilesMessage?: string;
  },
): Promise<ParsedMultipart<T>> {
  const maxFiles = options.maxFiles ?? 1;
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) {
    throw new UploadError('Send the upload as multipart/form-data.', 415);
  }
  const declaredLength = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declaredLength) && declaredLength > options.maxFileBytes + MULTIPART_OVERHEAD_BYTES) {
    throw new UploadError(options.tooLargeMessage, 413);
  }

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // One byte over the limit is enough for storage to refuse the file; busboy drops the rest.
      limits: {
        files: maxFiles,
        fileSize: options.maxFileBytes + 1,
        fields: FIELDS_MAX,
        fieldSize: FIELD_MAX_BYTES,
        parts: FIELDS_MAX + maxFiles,
      },
      // Browsers send UTF-8 file names; busboy's default would read them as Latin-1.
      defParamCharset: 'utf8',
    });
  } catch {
    throw new UploadError('The upload could not be read. Please try again.', 400);
  }

  const fields: Record<string, string> = {};
  const filePromises: Promise<PromiseSettledResult<T>>[] = [];
  let fieldError: Error | undefined;

  if (options.tooManyFilesMessage) {
    const message = options.tooManyFilesMessage;
    parser.on('filesLimit', () => (fieldError ??= new UploadError(message, 400)));
  }
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) fieldError ??= new UploadError(`The field "${name.slice(0, 40)}" is too long.`, 400);
    else fields[name] = value;
  });
  parser.on('file', (name, file, info) => {
    if (name !== options.fileField || filePromises.length >= maxFiles) {
      file.resume();
      return;
    }
    const settled = options
      .onFile({ filename: info.filename ?? '', mimeType: info.mimeType ?? '', stream: drainOnDestroy(file) })
      .then(
        (value): PromiseSettledResult<T> => ({ status: 'fulfilled', value }),
        (reason: unknown): PromiseSettledResult<T> => ({ status: 'rejected', reason }),
      );
    filePromises.push(settled);
  });

  const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
  const cap = options.maxFileBytes + MULTIPART_OVERHEAD_BYTES;
  let received = 0;
  let tooLarge = false;
  const parsed = new Promise<Error | undefined>((resolve) => {
    parser.once('close', () => resolve(undefined));
    parser.once('error', (err: Error) => resolve(err));
    source.once('error', (err) => {
      parser.destroy(err);
    });
  });
  source.on('data', (chunk: Uint8Array) => {
    received += chunk.length;
    if (received <= cap || tooLarge) return;
    // Issue 26: a 200 MB chunked body was read to its end before the refusal. Stop here.
    tooLarge = true;
    source.unpipe(parser);
    source.pause();
    parser.destroy(new UploadError(options.tooLargeMessage, 413));
  });
  source.pipe(parser);
  const parseError = await parsed;
  // A malformed body is read to its end so the answer reaches the sender; an oversized one is not.
  if (parseError && !tooLarge) source.resume();
  const files = await Promise.all(filePromises);
  const error = tooLarge
    ? new UploadError(options.tooLargeMessage, 413)
    : parseError
      ? new UploadError('The upload was interrupted or malformed. Please try again.', 400)
      : fieldError;
  return { fields, file: files[0], files, error };
}

/**
 * busboy waits for each file stream to be read to its end; a destroyed one would stall the
 * whole request. The file is therefore handed on through a PassThrough: if that is destroyed
 * (storage refused the file), the rest of the file is read and dropped instead.
 */
function drainOnDestroy(file: Readable): Readable {
  const body = new PassThrough();
  file.pipe(body);
  file.once('error', (err) => body.destroy(err));
  // A file stream closed before its end (without an error) must not leave the reader waiting.
  file.once('close', () => {
    if (!file.readableEnded && !body.destroyed) body.destroy(new Error('The upload ended early.'));
  });
  body.once('close', () => {
    if (!file.readableEnded) {
      file.unpipe(body);
      file.resume();
    }
  });
  return body;
}

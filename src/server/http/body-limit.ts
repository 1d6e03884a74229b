import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv } from './app-env';
import { fileTooLargeMessage } from '#shared/schemas/files';
import { MULTIPART_OVERHEAD_BYTES } from './multipart';

/**
 * Request body limits (issue 26, item 3: twelve 400 MB bodies sent to sign-in grew the server by
 * 2.4 GB). Each is well above the largest legitimate body of its kind: a sign-in is two short
 * fields; the largest JSON body is a form of many fields or a 4,000-character message, a few
 * tens of KB even with every character escaped.
 */
export const SIGN_IN_BODY_LIMIT_BYTES = 16 * 1024;
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;

const WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The largest upload request: the file limit plus the multipart framing and text fields around it. */
export const uploadRequestLimitBytes = (maxUploadMb: number) =>
  Math.floor(maxUploadMb * 1024 * 1024) + MULTIPART_OVERHEAD_BYTES;

/**
 * A 413 that also closes the connection, so the rest of an oversized body is not read (Node
 * ends the socket once the answer is written, instead of reading on to reuse it).
 */
export function payloadTooLarge(c: Context<AppEnv>, limitBytes: number) {
  c.header('Connection', 'close');
  const message = `The request is too large: the limit is ${formatLimit(limitBytes)}.`;
  // Sign-in answers in better-auth's shape, `{ message }`, like its other refusals.
  return c.json(isAuth(c) ? { message } : { error: message }, 413);
}

const isAuth = (c: Context<AppEnv>) => c.req.path.startsWith('/api/auth/');

/**
 * A route whose uploads have their own, larger limit (an onboarding video, decision 0122):
 * POSTs to a path matching `path` get `maxMb` instead of MAX_UPLOAD_MB; only there.
 */
export interface LargeUploadRoute {
  path: RegExp;
  maxMb: number;
  tooLargeMessage: (maxMb: number) => string;
}

/**
 * Every request body is limited before it is read: by its Content-Length, and, for a body sent
 * without one (chunked), while it streams. Uploads (multipart) get the upload limit here and
 * are counted as they stream by `parseMultipart`, which never holds them whole; every other
 * body is JSON and small, so hono's bodyLimit may hold it while counting.
 */
export function requestBodyLimit(maxUploadMb: number, largeUploads: LargeUploadRoute[] = []) {
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: (c) => payloadTooLarge(c, JSON_BODY_LIMIT_BYTES),
  });
  const signInLimit = bodyLimit({
    maxSize: SIGN_IN_BODY_LIMIT_BYTES,
    onError: (c) => payloadTooLarge(c, SIGN_IN_BODY_LIMIT_BYTES),
  });
  const uploadLimit = uploadRequestLimitBytes(maxUploadMb);

  return createMiddleware<AppEnv>(async (c, next) => {
    if (WITHOUT_BODY.has(c.req.method)) return next();
    if (/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
      const declared = Number(c.req.header('content-length') ?? NaN);
      const large = c.req.method === 'POST' ? largeUploads.find((r) => r.path.test(c.req.path)) : undefined;
      const limit = large ? uploadRequestLimitBytes(large.maxMb) : uploadLimit;
      if (Number.isFinite(declared) && declared > limit) {
        c.header('Connection', 'close');
        return c.json({ error: large ? large.tooLargeMessage(large.maxMb) : fileTooLargeMessage(maxUploadMb) }, 413);
      }
      await next();
    } else {
      // bodyLimit answers a refusal by returning it rather than setting it.
      const refused = await (isAuth(c) ? signInLimit(c, next) : jsonLimit(c, next));
      if (refused instanceof Response) c.res = refused;
    }
    // A refused request may not have had its body read (a validator refuses by content type,
    // a guard before the body): close rather than let Node read the rest to reuse the socket.
    if (c.res.status >= 400) c.header('Connection', 'close');
  });
}

function formatLimit(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

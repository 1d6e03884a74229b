import type { IncomingFile } from '#server/http/multipart';
import type { AppDeps } from '#server/http/app-env';
import { refuse } from '#server/service/errors';
import { newObjectKey, ObjectTooLargeError } from '#server/storage/index';
import { readHead } from '#server/storage/read-head';
import { SNIFF_BYTES, sniffImageType } from '#server/storage/sniff';
import { ORGANIZATION_LIMITS, ORGANIZATION_MESSAGES } from '#shared/schemas/organization';

/** The logo goes into PDFs as well as pages: PNG and JPEG are what the PDF library embeds. */
const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);

/**
 * Streams an uploaded logo into storage once its first bytes show a PNG or JPEG (by content,
 * never by name or declared type), at most 1 MB. Answers its key; an empty part is refused.
 */
export async function storeLogo(deps: AppDeps, incoming: IncomingFile): Promise<string> {
  const { head, body } = await readHead(incoming.stream, SNIFF_BYTES);
  if (head.length === 0) {
    body.resume();
    refuse(400, ORGANIZATION_MESSAGES.logoMissing);
  }
  const type = sniffImageType(head);
  if (!type || !LOGO_TYPES.has(type)) {
    body.destroy();
    refuse(400, ORGANIZATION_MESSAGES.logoType);
  }
  const key = newObjectKey('organization-logos');
  try {
    await deps.storage.put(key, body, { contentType: type, maxBytes: ORGANIZATION_LIMITS.logoBytes });
  } catch (err) {
    if (err instanceof ObjectTooLargeError) refuse(413, ORGANIZATION_MESSAGES.logoTooLarge);
    throw err;
  }
  return key;
}

/** The whole logo, for a PDF (at most 1 MB by the rule above); null when it is gone. */
export async function readLogo(deps: Pick<AppDeps, 'storage'>, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const object = await deps.storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

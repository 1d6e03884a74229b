/**
 * Hand-built multipart/form-data bodies for upload tests: exact control over file names
 * (NUL bytes, paths) and declared types, which FormData would normalise.
 */
export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  /** An RFC 5987 `filename*` value (e.g. "UTF-8''a%00b.txt"), sent instead of `filename`. */
  filenameStar?: string;
  contentType?: string;
}

export function multipartBody(parts: MultipartPart[]) {
  const boundary = `----portal-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let header = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    const isFile = part.filename !== undefined || part.filenameStar !== undefined;
    if (part.filenameStar !== undefined) header += `; filename*=${part.filenameStar}`;
    else if (part.filename !== undefined) header += `; filename="${part.filename}"`;
    header += '\r\n';
    if (isFile) header += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(
      Buffer.from(`${header}\r\n`, 'utf8'),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

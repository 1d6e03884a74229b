import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { pipeline, type Readable } from 'node:stream';
import type { S3Config } from '../env';
import {
  assertObjectKey,
  ByteLimit,
  isObjectKey,
  type KeyPrefix,
  type ListedObject,
  ObjectTooLargeError,
  type ObjectInfo,
  type PutOptions,
  type ByteRange,
  type Storage,
  type StoredObject,
} from './storage';

/** Multipart part size: the most of one upload held in memory at a time is PART_SIZE x QUEUE_SIZE. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** Any S3-compatible store (AWS S3, MinIO, Ceph, R2, ...), configured by the S3_* settings. */
export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // The SDK's default CRC32 trailers (aws-chunked uploads) are not understood by many
      // S3-compatible stores; checksums are sent only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, { contentType, maxBytes }: PutOptions): Promise<ObjectInfo> {
    assertObjectKey(key);
    const limit = new ByteLimit(maxBytes);
    let streamError: Error | undefined;
    const limited = pipeline(body, limit, (err) => {
      if (err) streamError = err;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: limited, ContentType: contentType },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed multipart upload is aborted, so no parts are left behind.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // Nothing must remain, whichever way the upload failed.
      await this.delete(key).catch(() => {});
      if (streamError instanceof ObjectTooLargeError || err instanceof ObjectTooLargeError)
        throw new ObjectTooLargeError(maxBytes);
      throw streamError ?? err;
    }
    if (streamError) {
      await this.delete(key).catch(() => {});
      throw streamError;
    }
    return { size: limit.bytes, contentType };
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    assertObjectKey(key);
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return {
        body: out.Body as Readable,
        // A ranged answer's length is the range's; the whole size is after the slash of Content-Range.
        size: range ? (wholeSize(out.ContentRange) ?? out.ContentLength ?? 0) : (out.ContentLength ?? 0),
        contentType: out.ContentType ?? 'application/octet-stream',
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertObjectKey(key);
    // S3 answers a delete of a missing key with success: idempotent by nature.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    assertObjectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  async *list(prefix: KeyPrefix): AsyncIterable<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${prefix}/`, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) {
        if (item.Key && isObjectKey(item.Key)) yield { key: item.Key, lastModified: item.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const reason = err instanceof Error ? err.message || err.name : String(err);
      throw new Error(
        `S3 storage is not usable: bucket "${this.bucket}" could not be reached (${reason}). Check the S3_* settings.`,
        {
          cause: err,
        },
      );
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

/** `bytes 0-99/1234` -> 1234. */
function wholeSize(contentRange: string | undefined): number | undefined {
  const match = /\/(\d+)$/.exec(contentRange ?? '');
  return match ? Number(match[1]) : undefined;
}

function isNotFound(err: unknown) {
  if (err instanceof S3ServiceException) {
    return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404;
  }
  return false;
}

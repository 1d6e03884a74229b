import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PNG_1X1 } from '#test-support/multipart';
import { readHead } from './read-head';
import { readFileSync } from 'node:fs';
import { isPdf, looksLikeText, sniffImageType, sniffVideoType, VIDEO_SNIFF_BYTES } from './sniff';

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))));

describe('image types by magic bytes', () => {
  it('recognises PNG, JPEG, GIF and WebP', () => {
    expect(sniffImageType(PNG_1X1)).toBe('image/png');
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'JFIF'))).toBe('image/jpeg');
    expect(sniffImageType(bytes('GIF89a', 1, 0))).toBe('image/gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses what only claims to be an image', () => {
    expect(sniffImageType(Buffer.from('just some text renamed to .png'))).toBeNull();
    expect(
      sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
    ).toBeNull();
    expect(sniffImageType(Buffer.from('<html><img src=x></html>'))).toBeNull();
    // A RIFF file that is not WebP (a WAV sound).
    expect(sniffImageType(bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt '))).toBeNull();
    // Truncated signatures.
    expect(sniffImageType(PNG_1X1.subarray(0, 7))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it('recognises PDF and tells text from binary', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(isPdf(Buffer.from('PDF-1.7'))).toBe(false);
    expect(looksLikeText(Buffer.from('Grace and peace'))).toBe(true);
    expect(looksLikeText(PNG_1X1)).toBe(false);
  });
});

describe('readHead', () => {
  const collect = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  it('peeks at the first bytes and still yields the whole stream', async () => {
    const source = Readable.from([Buffer.from('ab'), Buffer.from('cdef'), Buffer.from('ghij')]);
    const { head, body } = await readHead(source, 5);
    expect(head.toString()).toBe('abcde');
    expect((await collect(body)).toString()).toBe('abcdefghij');
  });

  it('handles streams shorter than the head, and empty ones', async () => {
    const short = await readHead(Readable.from([Buffer.from('xy')]), 16);
    expect(short.head.toString()).toBe('xy');
    expect((await collect(short.body)).toString()).toBe('xy');
    const empty = await readHead(Readable.from([]), 16);
    expect(empty.head.length).toBe(0);
    expect((await collect(empty.body)).length).toBe(0);
  });

  it('passes a later error on to the reader, and destroying the body destroys the source', async () => {
    let pushed = 0;
    const failing = new Readable({
      read() {
        pushed += 1;
        if (pushed === 1) this.push(Buffer.from('0123456789'));
        else this.destroy(new Error('cut'));
      },
    });
    const { body } = await readHead(failing, 4);
    await expect(collect(body)).rejects.toThrow('cut');

    const source = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
      },
    });
    const peeked = await readHead(source, 4);
    peeked.body.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.destroyed).toBe(true);
  });
});

describe('video types by content', () => {
  /** An EBML header with the given DocType, as a WebM or Matroska file begins. */
  const ebml = (docType: string) =>
    bytes(
      0x1a,
      0x45,
      0xdf,
      0xa3,
      0x9f,
      0x42,
      0x86,
      0x81,
      0x01,
      0x42,
      0xf7,
      0x81,
      0x01,
      0x42,
      0x82,
      0x80 | docType.length,
      docType,
    );

  it('recognises MP4 by its ftyp box and WebM by its EBML DocType', () => {
    expect(sniffVideoType(bytes(0, 0, 0, 0x20, 'ftypisom', 0, 0, 2, 0, 'isomiso2avc1mp41'))).toBe('video/mp4');
    expect(sniffVideoType(bytes(0, 0, 0, 0x1c, 'ftypmp42'))).toBe('video/mp4');
    expect(sniffVideoType(ebml('webm'))).toBe('video/webm');
    // The browser-recorded fixture the e2e test uploads.
    const fixture = readFileSync(new URL('../../../e2e/fixtures/onboarding-step.webm', import.meta.url));
    expect(sniffVideoType(fixture.subarray(0, VIDEO_SNIFF_BYTES))).toBe('video/webm');
  });

  it('refuses what is not an MP4 or WebM, whatever it is called', () => {
    expect(sniffVideoType(Buffer.from('just some text renamed to video.mp4'))).toBeNull();
    expect(sniffVideoType(Buffer.from('Hi! ftyp at byte 4 only by accident?'))).toBeNull();
    expect(sniffVideoType(ebml('matroska'))).toBeNull();
    expect(sniffVideoType(bytes(0x1a, 0x45, 0xdf, 0xa3))).toBeNull();
    expect(sniffVideoType(PNG_1X1)).toBeNull();
    expect(sniffVideoType(Buffer.alloc(0))).toBeNull();
    // An EBML header cut before its DocType's bytes.
    expect(sniffVideoType(ebml('webm').subarray(0, 17))).toBeNull();
  });
});

import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PNG_1X1 } from '#test-support/multipart';
import { readHead } from './read-head';
import { isPdf, looksLikeText, sniffImageType } from './sniff';

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

import { crc32, deflateSync } from 'node:zlib';

export type Rgb = [number, number, number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const framed = Buffer.alloc(body.length + 8);
  framed.writeUInt32BE(data.length, 0);
  body.copy(framed, 4);
  framed.writeUInt32BE(crc32(body), body.length + 4);
  return framed;
}

/**
 * An RGB PNG with each pixel's colour from `colourAt`: the demo's pictures, and the browser
 * tests' photos (e2e/support/png.ts), without an image file in the repository. A PNG is a few
 * checksummed chunks around deflated rows, which Node's zlib writes; an image library would be
 * a dependency for this alone.
 */
export function rgbPng(width: number, height: number, colourAt: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits a channel, truecolour, no interlace
  const rowBytes = 1 + width * 3; // each row starts with its filter type, 0: none
  const rows = Buffer.alloc(height * rowBytes);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(colourAt(x, y), y * rowBytes + 1 + x * 3);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A picture for the demo: a sky-to-field gradient with a sun. */
export function demoPhoto(width = 640, height = 420, top: Rgb = [250, 170, 90], bottom: Rgb = [60, 120, 70]): Buffer {
  const sun = { x: width * 0.7, y: height * 0.35, r: height * 0.12 };
  const sunlight: Rgb = [255, 236, 170];
  const sky = Array.from({ length: height }, (_, y) => {
    const t = y / (height - 1);
    return top.map((c, i) => Math.round(c + (bottom[i]! - c) * t)) as Rgb;
  });
  return rgbPng(width, height, (x, y) => ((x - sun.x) ** 2 + (y - sun.y) ** 2 < sun.r ** 2 ? sunlight : sky[y]!));
}

/** A one-page PDF with a title and a few lines of text, drawn by pdfkit as the statements are. */
export async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: title } });
  doc.font('Helvetica').fontSize(20).text(title).moveDown();
  doc.fontSize(12);
  for (const line of lines) doc.text(line);
  doc.end();
  const chunks: Buffer[] = [];
  for await (const part of doc) chunks.push(part as Buffer);
  return Buffer.concat(chunks);
}

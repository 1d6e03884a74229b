import { rgbPng, type Rgb } from '#server/demo/seeders/demo-documents';

/** A solid-colour RGB PNG of any size, for tests that need a large photo without a file on disk. */
export function solidPng(width: number, height: number, rgb: Rgb = [47, 63, 143]): Buffer {
  return rgbPng(width, height, () => rgb);
}

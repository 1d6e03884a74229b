import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of a PDF, page by page, read back by a real PDF reader (Mozilla's pdf.js), so a test
 * checks what a person would see rather than the bytes we wrote. Each page's text items are
 * joined by a space (a table's cells end up as "Date Amount Type …").
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes ownership of the array it is given: hand it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter((text) => text.trim() !== '')
          .join(' '),
      );
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

export const pdfText = async (bytes: Uint8Array) => (await pdfPages(bytes)).join('\n');

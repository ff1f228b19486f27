import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The text of every page of a PDF (pdfjs-dist, the legacy build for Node), a line per text line. */
export async function pdfText(path: string): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await readFile(path));
  const standardFontDataUrl = join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts/');
  const pdf = await getDocument({ data, standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
  }
  await pdf.destroy();
  return pages.join('\n');
}

import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsqr from 'jsqr';
import { PNG } from 'pngjs';

/**
 * The QR codes of a PDF's pages, read as a phone's camera would from the rendered page: each page
 * rendered by poppler's pdftoppm (150 dpi PNG), decoded by jsQR. One text per page holding a code.
 */
export async function qrCodesOfPdf(pdf: string): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-qr-'));
  try {
    await promisify(execFile)('pdftoppm', ['-png', '-r', '150', pdf, join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    const codes: string[] = [];
    for (const page of pages) {
      const png = PNG.sync.read(await readFile(join(dir, page)));
      // jsqr is CommonJS whose exports are the function itself, also as `default`: the one name every loader sees.
      const code = jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height);
      if (code) codes.push(code.data);
    }
    return codes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

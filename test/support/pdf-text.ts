import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Runs `read` on the PDF written to a scratch file, whose folder is removed afterwards. */
export async function withPdfFile<T>(pdf: Buffer, read: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-test-pdf-'));
  try {
    const file = join(dir, 'certificate.pdf');
    await writeFile(file, pdf);
    return await read(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF's pages (pdfjs-dist, in a child process: test/api/cme-pdf-text.mjs), whitespace folded. */
export function pdfTextOf(pdf: Buffer): Promise<string> {
  return withPdfFile(pdf, async (file) => {
    const script = join(__dirname, '../api/cme-pdf-text.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [script, file]);
    return stdout.replace(/\s+/g, ' ');
  });
}

import { readOperatorArguments } from '../kernel/operator-arguments.js';

/** What `npm run media:import` was asked. */
export interface MediaImportArguments {
  file: string;
  productId: number;
  videoId: number;
  captions: string | null;
  chapters: string | null;
  /** The operator (the events' actor `operator:{by}`). */
  by: string;
}

const POSITIVE_ID = /^[1-9]\d{0,9}$/;

/**
 * Reads `FILE --product ID --video ID [--captions FILE.vtt] [--chapters FILE] [--by NAME]`; the
 * operator defaults to `defaultBy` (the OS user). No --reason: an import is not a correction.
 */
export function parseMediaImportArguments(
  argv: readonly string[],
  defaultBy: string,
): MediaImportArguments | { error: string } {
  const read = readOperatorArguments(argv, ['product', 'video', 'captions', 'chapters'], defaultBy);
  if ('error' in read) return read;
  if (read.options.has('reason')) return { error: 'Unknown option: --reason' };
  const [file, ...extra] = read.positional;
  if (file === undefined || file.trim() === '' || extra.length > 0) return { error: 'Give one video file.' };
  const id = (name: string): number | string => {
    const value = read.options.get(name)?.trim();
    if (value === undefined) return `--${name} is required.`;
    const n = Number(value);
    // Ids are int4 in the catalog.
    return POSITIVE_ID.test(value) && n <= 2_147_483_647 ? n : `--${name} must be a positive whole number.`;
  };
  const productId = id('product');
  if (typeof productId === 'string') return { error: productId };
  const videoId = id('video');
  if (typeof videoId === 'string') return { error: videoId };
  if (read.by === '') return { error: '--by is required (no OS user name).' };
  return {
    file,
    productId,
    videoId,
    captions: read.options.get('captions') ?? null,
    chapters: read.options.get('chapters') ?? null,
    by: read.by,
  };
}

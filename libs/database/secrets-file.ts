import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/** The file beside the embedded cluster that keeps every generated secret of a DATA_DIR. */
export function secretsFileOf(dataDir: string): string {
  return join(resolve(dataDir), 'secrets.json');
}

/**
 * Reads DATA_DIR/secrets.json and fills in every wanted secret that is missing with its generator;
 * the file is rewritten only when something was added. Keys it does not know are kept, so the API's
 * secrets and the embedded database's password live in one file. The write is atomic (temporary
 * file, fsync, rename, mode 600): a crash never leaves a half-written file. A file that exists but
 * cannot be read is an error, never a reason to generate new secrets over the old ones (that would
 * lose the key of every encrypted date of birth and the database password).
 */
export async function loadOrCreateSecrets<K extends string>(
  dataDir: string,
  wanted: Record<K, () => string>,
): Promise<Record<K, string>> {
  const file = secretsFileOf(dataDir);
  const stored = await readSecrets(file);
  const next: Record<string, unknown> = { ...stored };
  let changed = false;
  for (const key of Object.keys(wanted) as K[]) {
    if (typeof next[key] !== 'string' || next[key] === '') {
      next[key] = wanted[key]();
      changed = true;
    }
  }
  if (changed) await writeAtomically(file, `${JSON.stringify(next, null, 2)}\n`);
  return Object.fromEntries((Object.keys(wanted) as K[]).map((key) => [key, next[key] as string])) as Record<K, string>;
}

async function readSecrets(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${file} cannot be read (${(error as Error).message}); check its owner and mode`, {
      cause: error,
    });
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new Error(`${file} is not a JSON object; restore it from a backup (it holds the keys of this shop's data)`);
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const dir = resolve(file, '..');
  await mkdir(dir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupHeader, backupHeaderSchema } from './backup-format.js';
import { ContentMac } from './backup-mac.js';

/** A command's refusal (exit code 2): the input or the target is not one it may use; nothing was changed. */
export class BackupRefused extends Error {}

/**
 * The lines of a backup file after gunzip (both members), without their newlines, as bytes. Ends early
 * when the consumer stops (the file is closed then).
 */
export async function* backupLines(file: string): AsyncGenerator<Buffer> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  try {
    let pieces: Buffer[] = [];
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        pieces.push(chunk.subarray(start, end));
        yield pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
        pieces = [];
        start = end + 1;
      }
      if (start < chunk.length) pieces.push(chunk.subarray(start));
    }
    // A last line without its newline: the table's checksum (taken over whole lines) will not match.
    if (pieces.length > 0) yield Buffer.concat(pieces);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

/** Reads and checks the header (line 1); a file that is not a backup of this format is refused by name. */
export function parseBackupHeader(file: string, line: Buffer | undefined): BackupHeader {
  let json: unknown;
  try {
    json = JSON.parse(line?.toString('utf8') ?? '');
  } catch {
    throw new BackupRefused(`${file} is not a backup made by npm run backup (no header)`);
  }
  const format = (json as { format?: unknown; version?: unknown } | null) ?? {};
  if (format.format !== BACKUP_FORMAT) {
    throw new BackupRefused(`${file} is not a backup made by npm run backup (no ${BACKUP_FORMAT} header)`);
  }
  if (typeof format.version === 'number' && format.version < BACKUP_FORMAT_VERSION) {
    throw new BackupRefused(
      `${file} has backup format ${format.version}, which is not authenticated and carries SQL; this shop ` +
        `restores format ${BACKUP_FORMAT_VERSION} only: take a new backup with this version (npm run backup)`,
    );
  }
  if (format.version !== BACKUP_FORMAT_VERSION) {
    throw new BackupRefused(
      `${file} has backup format ${String(format.version)}; this shop reads format ${BACKUP_FORMAT_VERSION}`,
    );
  }
  const parsed = backupHeaderSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupRefused(`${file} has a damaged header (${issue?.path.join('.')}: ${issue?.message})`);
  }
  return parsed.data;
}

/** The header of a backup file, reading only its first line (not yet authenticated: see verifyBackup). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = backupLines(file);
  try {
    const first = await lines.next();
    return parseBackupHeader(file, first.done ? undefined : first.value);
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupRefused(`${file} does not exist`);
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') {
      throw new BackupRefused(`${file} is not a backup made by npm run backup (not gzip)`);
    }
    throw error;
  } finally {
    await lines.return(undefined);
  }
}

/** The refusal of a file whose content does not carry its code: nothing of it is used. */
export function notAuthentic(file: string): BackupRefused {
  return new BackupRefused(
    `${file} does not authenticate with BACKUP_PASSPHRASE: it was changed or damaged after it was written, ` +
      'or written with another passphrase; nothing was restored',
  );
}

/**
 * The first of a restore's two passes: reads the whole content once, a line at a time (memory does not
 * grow with the file), and refuses it unless its last line is the HMAC of everything before it under
 * `key` (backup-mac.ts). Nothing of the file is used before this answered.
 */
export async function verifyBackup(file: string, key: Buffer): Promise<void> {
  const mac = new ContentMac(key);
  let held: Buffer | undefined;
  try {
    for await (const line of backupLines(file)) {
      if (held !== undefined) mac.line(held);
      held = line;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') throw notAuthentic(file);
    throw error;
  }
  if (!mac.matches(held)) throw notAuthentic(file);
}

/**
 * The second pass: the content line by line, each one fed to the code again, then the trailer checked
 * (before the restore's COMMIT), so what is committed is what the first pass verified even if the file
 * was replaced in between.
 */
export class AuthenticatedLines {
  private readonly lines: AsyncGenerator<Buffer>;
  private readonly mac: ContentMac;

  constructor(
    private readonly file: string,
    key: Buffer,
  ) {
    this.lines = backupLines(file);
    this.mac = new ContentMac(key);
  }

  /** The next line of the content, or undefined at its end. */
  async next(): Promise<Buffer | undefined> {
    const next = await this.lines.next();
    if (next.done) return undefined;
    this.mac.line(next.value);
    return next.value;
  }

  /** Reads the trailer and checks it closes the file; refuses (notAuthentic) otherwise. */
  async checkTrailer(): Promise<void> {
    const trailer = await this.lines.next();
    const after = trailer.done ? trailer : await this.lines.next();
    if (trailer.done || !after.done || !this.mac.matches(trailer.value)) throw notAuthentic(this.file);
  }

  async close(): Promise<void> {
    await this.lines.return(undefined);
  }
}

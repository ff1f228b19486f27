import { createHmac, type Hmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { backupTrailerSchema, type FileMacParameters, SCRYPT_COST } from './backup-format.js';
import { scryptKey } from './secrets-box.js';

/**
 * The whole backup is bound to BACKUP_PASSPHRASE: its last line is the HMAC-SHA256 of every byte of the
 * content before it (the header and every row), under a key scrypt derives from the passphrase with a
 * salt of its own and this label, so it is never the secrets box's key. One changed byte, a row
 * changed with its table's checksum made again, or a file of another passphrase does not match.
 */
const LABEL = Buffer.from('medshop-backup file authentication\0', 'utf8');
const NEWLINE = Buffer.from('\n');

/** The header's `authentication` of a new backup: a fresh salt. */
export function newFileMacParameters(): FileMacParameters {
  return { kdf: 'scrypt', ...SCRYPT_COST, salt: randomBytes(16).toString('base64'), mac: 'hmac-sha256' };
}

/** The key of the file's code (the cost is the format's own: a header cannot ask for more). */
export function fileMacKey(passphrase: string, parameters: FileMacParameters): Promise<Buffer> {
  return scryptKey(passphrase, Buffer.concat([LABEL, Buffer.from(parameters.salt, 'base64')]), SCRYPT_COST);
}

/** The code of a backup's content, fed in order: whole lines (without their newline) or raw bytes. */
export class ContentMac {
  private readonly hmac: Hmac;

  constructor(key: Buffer) {
    this.hmac = createHmac('sha256', key);
  }

  line(line: Buffer): void {
    this.hmac.update(line);
    this.hmac.update(NEWLINE);
  }

  bytes(bytes: Buffer): void {
    this.hmac.update(bytes);
  }

  /** The trailer line that closes the content fed so far. */
  trailer(): string {
    return `${JSON.stringify({ 'hmac-sha256': this.hmac.digest('hex') })}\n`;
  }

  /** Whether `line` is the trailer of the content fed so far (compared in constant time). */
  matches(line: Buffer | undefined): boolean {
    const expected = this.hmac.digest();
    let parsed: unknown;
    try {
      parsed = JSON.parse(line?.toString('utf8') ?? '');
    } catch {
      return false;
    }
    const trailer = backupTrailerSchema.safeParse(parsed);
    return trailer.success && timingSafeEqual(Buffer.from(trailer.data['hmac-sha256'], 'hex'), expected);
  }
}

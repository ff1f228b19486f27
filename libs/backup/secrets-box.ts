import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { SCRYPT_COST, type SealedSecrets } from './backup-format.js';

/**
 * The shop's secrets inside a backup, sealed with the operator's BACKUP_PASSPHRASE: scrypt (N 2^17,
 * r 8, p 1, OWASP's setting) derives an AES-256-GCM key from it, with a fresh salt and IV per backup.
 * A wrong passphrase or an altered box fails the GCM tag: nothing is ever half-decrypted.
 */
export type { SealedSecrets };

/** What a restored shop needs to read its data again (apps/api/infrastructure/secrets.ts). */
export interface ShopSecrets {
  JWT_SECRET: string;
  DOB_ENCRYPTION_KEY: string;
}

/** The shortest BACKUP_PASSPHRASE taken: it guards every date of birth and the signing keys. */
export const MIN_PASSPHRASE_LENGTH = 12;
const AAD = Buffer.from('medshop-backup secrets', 'utf8');

/** A 32-byte key from the passphrase (scrypt of node:crypto); both keys of a backup are made so. */
export function scryptKey(
  passphrase: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise((done, fail) =>
    // 128 * N * r bytes of memory: 128 MiB at N 2^17; the limit is set above it.
    scrypt(passphrase, salt, 32, { ...cost, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? fail(error) : done(key),
    ),
  );
}

export async function sealSecrets(secrets: ShopSecrets, passphrase: string): Promise<SealedSecrets> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await scryptKey(passphrase, salt, SCRYPT_COST), iv);
  cipher.setAAD(AAD);
  const data = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return {
    kdf: 'scrypt',
    ...SCRYPT_COST,
    salt: salt.toString('base64'),
    cipher: 'aes-256-gcm',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** The secrets, or null when the passphrase does not open the box (or the box was altered). */
export async function openSecrets(box: SealedSecrets, passphrase: string): Promise<ShopSecrets | null> {
  const key = await scryptKey(passphrase, Buffer.from(box.salt, 'base64'), box);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(box.iv, 'base64'));
  decipher.setAAD(AAD);
  decipher.setAuthTag(Buffer.from(box.tag, 'base64'));
  let plain: string;
  try {
    plain = Buffer.concat([decipher.update(Buffer.from(box.data, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
  const parsed = JSON.parse(plain) as Partial<ShopSecrets>;
  if (typeof parsed.JWT_SECRET !== 'string' || typeof parsed.DOB_ENCRYPTION_KEY !== 'string') return null;
  return { JWT_SECRET: parsed.JWT_SECRET, DOB_ENCRYPTION_KEY: parsed.DOB_ENCRYPTION_KEY };
}

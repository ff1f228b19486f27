import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Date of birth at rest: AES-256-GCM with the key of config DOB_ENCRYPTION_KEY (64 hex characters),
 * docs/conventions.md, Write side. Output `v1.<iv>.<tag>.<ciphertext>` (base64url parts); a fresh 96-bit IV each time.
 */
const VERSION = 'v1';

function keyFrom(hexKey: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hexKey)) throw new Error('DOB encryption key must be 64 hex characters');
  return Buffer.from(hexKey, 'hex');
}

export function encryptDob(dob: string, hexKey: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(hexKey), iv);
  const ciphertext = Buffer.concat([cipher.update(dob, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Throws when the value was tampered with or encrypted under another key. */
export function decryptDob(encrypted: string, hexKey: string): string {
  const [version, iv, tag, ciphertext] = encrypted.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not an encrypted date of birth');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(hexKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Private signing keys at rest: AES-256-GCM under a key derived (HKDF-SHA256) from the shop's
 * DOB_ENCRYPTION_KEY, so no new secret has to be kept, yet the two uses never share a key. The key's
 * id is the associated data: a ciphertext moved to another row does not decrypt.
 * Output `v1.<iv>.<tag>.<ciphertext>` (base64url parts), a fresh 96-bit IV each time.
 */
const VERSION = 'v1';
const INFO = 'medshop signing keys v1';

/** The key-encryption key of the signing keys, from the 64-hex-character DOB_ENCRYPTION_KEY. */
export function signingKeyEncryptionKey(secretHex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(secretHex)) throw new Error('DOB_ENCRYPTION_KEY must be 64 hex characters');
  return Buffer.from(hkdfSync('sha256', Buffer.from(secretHex, 'hex'), Buffer.alloc(0), INFO, 32));
}

export function encryptPrivateKey(plain: string, key: Buffer, kid: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(kid, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Throws when the value was altered, belongs to another key id, or was encrypted under another key. */
export function decryptPrivateKey(encrypted: string, key: Buffer, kid: string): string {
  const [version, iv, tag, ciphertext] = encrypted.split('.');
  if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error('Not an encrypted signing key');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(kid, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

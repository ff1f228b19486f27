import { randomBytes } from 'node:crypto';

/** Crockford's base 32: digits and letters without I, L, O and U, so a number read aloud or retyped survives. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** What people type for the letters left out (Crockford's decoding rules). */
const TYPED_AS: Record<string, string> = { O: '0', I: '1', L: '1' };
const RANDOM_CHARS = 16;

/**
 * A new certificate number: `{year}-XXXX-XXXX-XXXX-XXXX`, sixteen Crockford base-32 characters of 80
 * random bits (10 bytes, 5 bits a character): never guessed, still easy to read out and type.
 */
export function newCertificateNumber(year: number, bytes: Buffer = randomBytes(10)): string {
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  const chars = Array.from({ length: RANDOM_CHARS }, (_, i) => {
    const shift = BigInt((RANDOM_CHARS - 1 - i) * 5);
    return CROCKFORD[Number((bits >> shift) & 31n)]!;
  }).join('');
  return `${year}-${chars.match(/.{4}/g)!.join('-')}`;
}

/**
 * A number as someone typed it, in the form it was issued: upper case, any spaces or dashes, and
 * O, I, L read as 0, 1, 1. A number of the first certificates (`YYYY-XXXX-XXXX`, another alphabet)
 * is only upper-cased and re-dashed. Anything else comes back upper-cased, to be found by no one.
 */
export function canonicalCertificateNumber(typed: string): string {
  const plain = typed.toUpperCase().replace(/[\s-]+/g, '');
  const crockford = (text: string): string => [...text].map((c) => TYPED_AS[c] ?? c).join('');
  const year = crockford(plain.slice(0, 4));
  const rest = plain.slice(4);
  if (!/^\d{4}$/.test(year) || !/^[A-Z0-9]+$/.test(rest)) return typed.toUpperCase();
  if (rest.length === 8) return `${year}-${rest.slice(0, 4)}-${rest.slice(4)}`;
  if (rest.length !== RANDOM_CHARS) return typed.toUpperCase();
  return `${year}-${crockford(rest).match(/.{4}/g)!.join('-')}`;
}

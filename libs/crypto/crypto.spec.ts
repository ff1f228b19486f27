import { decryptCmeLicence, encryptCmeLicence, NO_CME_LICENCE } from './cme-licence.js';
import { decryptDob, encryptDob } from './dob.js';
import { signSocietyToken, verifySocietyToken } from './society-token.js';
import { hashToken, newToken } from './tokens.js';

const key = 'a'.repeat(64);
const otherKey = 'b'.repeat(64);

describe('date of birth encryption (AES-256-GCM)', () => {
  it('round-trips and never shows the plain date', () => {
    const encrypted = encryptDob('04/23/1970', key);
    expect(encrypted).not.toContain('1970');
    expect(decryptDob(encrypted, key)).toBe('04/23/1970');
  });
  it('uses a fresh IV each time', () => {
    expect(encryptDob('04/23/1970', key)).not.toBe(encryptDob('04/23/1970', key));
  });
  it('refuses another key and a tampered value', () => {
    const encrypted = encryptDob('04/23/1970', key);
    expect(() => decryptDob(encrypted, otherKey)).toThrow();
    const parts = encrypted.split('.');
    parts[3] = Buffer.from('x').toString('base64url');
    expect(() => decryptDob(parts.join('.'), key)).toThrow();
  });
  it('refuses a malformed key', () => {
    expect(() => encryptDob('04/23/1970', 'short')).toThrow('64 hex');
  });
});

describe('one-time tokens', () => {
  it('are random and hashed with SHA-256', () => {
    const a = newToken();
    expect(a).not.toBe(newToken());
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(a)).toBe(hashToken(a));
  });
});

describe('society sign-in tokens', () => {
  const secrets = { 'demo-society': 'x'.repeat(32), other: 'y'.repeat(32) };
  const now = new Date('2026-03-01T10:00:00Z');

  it('verifies a token signed with the society secret', () => {
    const token = signSocietyToken('demo-society', secrets['demo-society'], { email: 'm@x.test', first: 'M' }, now);
    expect(verifySocietyToken(token, secrets, now)).toEqual({
      societyId: 'demo-society',
      claims: { email: 'm@x.test', first: 'M', iat: 1772359200, exp: 1772359200 + 7 * 24 * 3600 },
    });
  });
  it('refuses a forged, re-addressed, unknown-society or expired token', () => {
    const token = signSocietyToken('demo-society', 'z'.repeat(32), { email: 'm@x.test' }, now);
    expect(verifySocietyToken(token, secrets, now)).toBeNull();
    const good = signSocietyToken('demo-society', secrets['demo-society'], { email: 'm@x.test' }, now);
    expect(verifySocietyToken(good.replace('v1.demo-society.', 'v1.other.'), secrets, now)).toBeNull();
    expect(verifySocietyToken(good, { other: 'y'.repeat(32) }, now)).toBeNull();
    expect(verifySocietyToken(good, secrets, new Date('2026-03-09T10:00:00Z'))).toBeNull();
    expect(verifySocietyToken('garbage', secrets, now)).toBeNull();
  });
});

describe('CME licence fields encryption (as the date of birth)', () => {
  const licence = { licenseState: 'NY', licenseNumber: 'MD-2741983', boardId: 'ABS-118822' };
  it('round-trips the three fields and shows none of them', () => {
    const encrypted = encryptCmeLicence(licence, key);
    // Long values only: the state's two letters occur in random base64url text now and then.
    for (const plain of ['2741983', '118822', 'licenseState']) expect(encrypted).not.toContain(plain);
    expect(decryptCmeLicence(encrypted, key)).toEqual(licence);
    expect(decryptCmeLicence(encryptCmeLicence(NO_CME_LICENCE, key), key)).toEqual(NO_CME_LICENCE);
  });
  it('refuses another key, and a date of birth given as a licence', () => {
    expect(() => decryptCmeLicence(encryptCmeLicence(licence, key), otherKey)).toThrow();
    expect(() => decryptCmeLicence(encryptDob('04/23/1970', key), key)).toThrow();
  });
});

import { decodeProtectedHeader } from 'jose';
import { FixedClock } from '#libs/application/clock.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { decryptPrivateKey, signingKeyEncryptionKey } from './key-encryption.js';
import { PgSigner, publishedJwks } from './pg-signer.js';
import { verifyJws } from './verify.js';

const clock = new FixedClock(new Date('2026-03-01T10:00:00Z'));
const encryptionKey = signingKeyEncryptionKey('ab'.repeat(32));

/** The signer on a real PostgreSQL: keys created on first use, kept encrypted, rotated without breaking old signatures. */
describe('PgSigner', () => {
  let db: TestDatabase;
  const signer = (key = encryptionKey) => new PgSigner({ pool: db.pool, clock, encryptionKey: key });

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('publishes nothing before the first signature', async () => {
    expect(await publishedJwks(db.pool)).toEqual({ keys: [] });
  });

  it('creates one key on first use, even when many processes sign at once, and signs EdDSA with its kid and typ', async () => {
    const signers = Array.from({ length: 8 }, () => signer());
    const signed = await Promise.all(signers.map((s, i) => s.sign({ n: i }, 'test+jws')));
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM signing_keys');
    expect(rows[0]!.n).toBe(1);
    expect(new Set(signed.map((s) => s.kid)).size).toBe(1);
    expect(decodeProtectedHeader(signed[3]!.jws)).toEqual({ alg: 'EdDSA', kid: signed[3]!.kid, typ: 'test+jws' });
    const check = await verifyJws(signed[3]!.jws, await signers[0]!.jwks());
    expect(check).toEqual({ valid: true, kid: signed[3]!.kid, typ: 'test+jws', payload: { n: 3 } });
  });

  it('publishes only public halves, and keeps the private one encrypted under the derived key', async () => {
    const { keys } = await signer().jwks();
    expect(keys).toEqual([
      {
        kty: 'OKP',
        crv: 'Ed25519',
        x: expect.stringMatching(/^[\w-]{43}$/),
        kid: expect.any(String),
        alg: 'EdDSA',
        use: 'sig',
      },
    ]);
    const { rows } = await db.pool.query<{ kid: string; private_jwk_encrypted: string }>(
      'SELECT kid, private_jwk_encrypted FROM signing_keys',
    );
    const { kid, private_jwk_encrypted: stored } = rows[0]!;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('"d"');
    const privateJwk = JSON.parse(decryptPrivateKey(stored, encryptionKey, kid)) as { d: string };
    expect(stored).not.toContain(privateJwk.d);
    // Another key, or the ciphertext moved to another key id, does not decrypt.
    expect(() => decryptPrivateKey(stored, signingKeyEncryptionKey('cd'.repeat(32)), kid)).toThrow();
    expect(() => decryptPrivateKey(stored, encryptionKey, 'another-kid')).toThrow();
    await expect(signer(signingKeyEncryptionKey('cd'.repeat(32))).sign({}, 'x')).rejects.toThrow();
  });

  it('rotates: a new key signs, the old one stays published, and what it signed still verifies', async () => {
    const s = signer();
    const before = await s.sign({ certificate: '2026-AAAA' }, 'test+jws');
    const rotation = await s.rotate();
    expect(rotation).toEqual({ kid: expect.any(String), retired: before.kid });
    expect(rotation.kid).not.toBe(before.kid);

    const after = await signer().sign({ certificate: '2026-BBBB' }, 'test+jws');
    expect(after.kid).toBe(rotation.kid);
    const jwks = await publishedJwks(db.pool);
    expect(jwks.keys.map((k) => k.kid)).toEqual([rotation.kid, before.kid]);
    expect(await verifyJws(before.jws, jwks)).toMatchObject({ valid: true, payload: { certificate: '2026-AAAA' } });
    expect(await verifyJws(after.jws, jwks)).toMatchObject({ valid: true, kid: rotation.kid });
  });

  it('refuses a tampered payload, a signature by an unpublished key and garbage', async () => {
    const s = signer();
    const jwks = await s.jwks();
    const { jws } = await s.sign({ credits: 10 }, 'test+jws');
    const [header, , signature] = jws.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ credits: 20 })).toString('base64url')}.${signature}`;
    expect(await verifyJws(forged, jwks)).toMatchObject({ valid: false, reason: 'the signature does not match' });
    expect(await verifyJws(jws, { keys: [] })).toMatchObject({
      valid: false,
      reason: expect.stringContaining('no published key'),
    });
    expect(await verifyJws('garbage', jwks)).toEqual({ valid: false, kid: null, reason: 'not a compact JWS' });
  });
});

import { createRemoteJWKSet, compactVerify } from 'jose';
import { PgSigner, SIGNER, type Signer } from '../../apps/api/signing/index.js';
import { verifyJws } from '#libs/signing/verify.js';
import { useTestShop } from '../support/app.js';

/** The shop's public keys (docs/operations.md, Signing keys): published outside /api, kept across rotations. */
describe('GET /.well-known/jwks.json', () => {
  const shop = useTestShop({ env: { SEAL_EVERY_HOURS: '0' } });
  const jwksUrl = () => `${shop.baseUrl}/.well-known/jwks.json`;

  it('is public, cacheable, and lists the key of a signature made in the shop', async () => {
    const signer = shop.app.get<Signer>(SIGNER);
    const signed = await signer.sign({ hello: 'board' }, 'test+jws');
    const response = await fetch(jwksUrl());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const jwks = (await response.json()) as { keys: { kid: string; d?: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([signed.kid]);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
    // What a board does: fetch the set by its address and verify, with a library of its own.
    const verified = await compactVerify(signed.jws, createRemoteJWKSet(new URL(jwksUrl())));
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toEqual({ hello: 'board' });
  });

  it('keeps a retired key published: a JWS signed before a rotation verifies after it', async () => {
    const signer = shop.app.get<Signer>(SIGNER);
    const before = await signer.sign({ n: 1 }, 'test+jws');
    const rotation = await shop.app.get(PgSigner).rotate();
    const after = await signer.sign({ n: 2 }, 'test+jws');
    expect(after.kid).toBe(rotation.kid);
    const jwks = (await (await fetch(jwksUrl())).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toEqual([rotation.kid, before.kid]);
    expect(await verifyJws(before.jws, jwks)).toMatchObject({ valid: true, payload: { n: 1 } });
    expect(await verifyJws(after.jws, jwks)).toMatchObject({ valid: true, payload: { n: 2 } });
  });

  it('is not under /api, and is in the OpenAPI document', async () => {
    expect((await fetch(`${shop.baseUrl}/api/.well-known/jwks.json`)).status).toBe(404);
    const document = (await (await fetch(`${shop.baseUrl}/api/docs-json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toContain('/.well-known/jwks.json');
  });
});

import { openSecrets, sealSecrets } from './secrets-box.js';

const secrets = { JWT_SECRET: 'a-session-secret-of-enough-characters-0123', DOB_ENCRYPTION_KEY: 'ab'.repeat(32) };

describe('the secrets sealed in a backup', () => {
  it('open with the passphrase, and with no other; an altered box does not open', async () => {
    const box = await sealSecrets(secrets, 'a long enough passphrase');
    expect(JSON.stringify(box)).not.toContain(secrets.DOB_ENCRYPTION_KEY);
    expect(box).toMatchObject({ kdf: 'scrypt', N: 2 ** 17, r: 8, p: 1, cipher: 'aes-256-gcm' });
    expect(await openSecrets(box, 'a long enough passphrase')).toEqual(secrets);
    expect(await openSecrets(box, 'another passphrase')).toBeNull();
    const data = Buffer.from(box.data, 'base64');
    data[0]! ^= 1;
    expect(await openSecrets({ ...box, data: data.toString('base64') }, 'a long enough passphrase')).toBeNull();
  });
});

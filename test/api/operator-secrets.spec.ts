import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadOrCreateSecrets } from '#libs/database/secrets-file.js';
import { DEMO_DOB } from '../../apps/api/seed/demo-account-page.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { ROOT } from '../crash/shop-process.js';

const YEAR = new Date().getUTCFullYear();

/**
 * Operator commands in the embedded mode read the secrets the shop keeps in DATA_DIR (operatorConfig),
 * as the shop does: `cme:audit --format pars` decrypts a learner's date of birth and licence with the
 * DOB_ENCRYPTION_KEY of DATA_DIR/secrets.json when the environment sets none.
 */
describe('operator commands read the secrets of the data folder', () => {
  let shop: TestApp;
  const folders: string[] = [];
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
    await shop?.close();
  });

  /** A data folder whose secrets.json holds this date-of-birth key (written as the shop writes it). */
  const dataDirWith = async (dobKey: string): Promise<string> => {
    const folder = await mkdtemp(join(tmpdir(), 'shop-operator-secrets-'));
    folders.push(folder);
    await loadOrCreateSecrets(folder, { JWT_SECRET: () => 'j'.repeat(64), DOB_ENCRYPTION_KEY: () => dobKey });
    return folder;
  };
  /** `cme:audit --format pars` for the demo's CME learner: no secret in its environment, only DATA_DIR. */
  const pars = (dataDir: string) => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: shop.shop.config.DATABASE_URL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    };
    delete env.JWT_SECRET;
    delete env.DOB_ENCRYPTION_KEY;
    return promisify(execFile)(
      process.execPath,
      ['dist/apps/api/cme/cme-audit.js', '--year', String(YEAR), '--email', DEMO_DOB.email, '--format', 'pars'],
      { cwd: ROOT, env },
    ).catch((error: { code: number; stdout: string; stderr: string }) => error);
  };

  it("decrypts with the data folder's key: the date of birth and licence are in the PARS line", async () => {
    const done = await pars(await dataDirWith(shop.shop.config.DOB_ENCRYPTION_KEY!));
    expect('code' in done ? done.code : 0).toBe(0);
    expect(done.stdout).toContain(DEMO_DOB.dob.slice(0, 5));
    expect(done.stdout).toContain(DEMO_DOB.licence.licenseNumber);
  });

  it('with another key in the data folder, nothing is decrypted and the command says so', async () => {
    const done = await pars(await dataDirWith('1'.repeat(64)));
    expect(done.stdout).not.toContain(DEMO_DOB.licence.licenseNumber);
    expect(`${done.stdout}${done.stderr}`).toMatch(/cannot be decrypted with the configured key/);
  });
});

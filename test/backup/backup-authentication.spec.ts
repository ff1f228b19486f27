import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { SystemClock } from '#libs/application/clock.js';
import type { BackupHeader } from '#libs/backup/backup-format.js';
import { ContentMac, fileMacKey } from '#libs/backup/backup-mac.js';
import { sealSecrets } from '#libs/backup/secrets-box.js';
import { backupCommand } from '../../apps/api/backup/backup-command.js';
import type { CommandIo } from '../../apps/api/backup/command-io.js';
import { restoreCommand } from '../../apps/api/backup/restore-command.js';
import { useTestShop } from '../support/app.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

const PASSPHRASE = 'correct horse battery staple';
const OTHER_PASSPHRASE = 'another passphrase of enough length';

/** A command's exit code and the lines it wrote, run in this process. */
async function run(command: typeof backupCommand, argv: string[], env: CommandIo['env']) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command(argv, {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    clock: new SystemClock(),
  });
  return { code, out, err };
}

/** A backup's content: the header, the rows' lines and the trailer line (each without its newline). */
interface Content {
  header: BackupHeader;
  rows: string[];
  trailer: string;
}

function contentOf(file: Buffer): Content {
  const lines = gunzipSync(file).toString('utf8').split('\n');
  expect(lines.pop()).toBe('');
  return { header: JSON.parse(lines[0]!) as BackupHeader, rows: lines.slice(1, -1), trailer: lines.at(-1)! };
}

function fileOf(content: Content): Buffer {
  return gzipSync([JSON.stringify(content.header), ...content.rows, content.trailer, ''].join('\n'));
}

/** Where table `name`'s rows are among the content's rows. */
function rowsOf(content: Content, name: string): { start: number; end: number } {
  let start = 0;
  for (const table of content.header.tables) {
    if (table.name === name) return { start, end: start + table.rows };
    start += table.rows;
  }
  throw new Error(`no table ${name} in the backup`);
}

/** Each table's size and SHA-256 made again from its rows, as a forger would. */
function withChecksumsMadeAgain(content: Content): Content {
  const tables = content.header.tables.map((table) => {
    const { start, end } = rowsOf(content, table.name);
    const text = content.rows.slice(start, end).map((line) => `${line}\n`);
    const hash = createHash('sha256');
    for (const line of text) hash.update(line, 'utf8');
    const bytes = text.reduce((sum, line) => sum + Buffer.byteLength(line, 'utf8'), 0);
    return { ...table, bytes, sha256: hash.digest('hex') };
  });
  return { ...content, header: { ...content.header, tables } };
}

/** The trailer made again with the passphrase: what only someone who holds it can do. */
async function signedWith(content: Content, passphrase: string): Promise<Content> {
  const mac = new ContentMac(await fileMacKey(passphrase, content.header.authentication));
  for (const line of [JSON.stringify(content.header), ...content.rows]) mac.line(Buffer.from(line, 'utf8'));
  return { ...content, trailer: mac.trailer().trimEnd() };
}

/**
 * A backup is authenticated and inert (docs/operations.md, Backups and restore): the whole file is bound
 * to BACKUP_PASSPHRASE, and what is changed in it is refused before anything is written (the target
 * database stays empty, DATA_DIR is not even made); even a file authenticated with the passphrase is
 * only ever data, loaded into the schema the shop's code creates.
 */
describe('a backup is authenticated and inert', () => {
  const source = useTestShop({ seedDemo: true });
  let folder: string;
  let backup: Buffer;
  let target: TestDatabase;
  const marker = () => join(folder, 'program-ran');

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'shop-backup-auth-'));
    await chmod(folder, 0o755);
    const file = join(folder, 'shop.backup.gz');
    const taken = await run(backupCommand, [file], {
      DATABASE_URL: source.shop.config.DATABASE_URL,
      DATA_DIR: join(folder, 'unused'),
      JWT_SECRET: source.shop.config.JWT_SECRET,
      DOB_ENCRYPTION_KEY: source.shop.config.DOB_ENCRYPTION_KEY,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(taken.code).toBe(0);
    backup = await readFile(file);
    target = await createTestDatabase();
  });
  afterAll(async () => {
    await target?.drop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  let written = 0;
  /** `npm run restore` of these bytes into the empty database (secrets to a DATA_DIR not made yet). */
  async function restore(bytes: Buffer, passphrase = PASSPHRASE) {
    const file = join(folder, `edited-${++written}.backup.gz`);
    await writeFile(file, bytes);
    const dataDir = join(folder, `data-${written}`);
    const result = await run(restoreCommand, [file], {
      DATABASE_URL: target.url,
      DATA_DIR: dataDir,
      BACKUP_PASSPHRASE: passphrase,
    });
    return { file, dataDir, ...result };
  }

  /** Nothing written: the database holds no table, no secrets were kept, no program ran. */
  async function expectNothingWritten(restored: { dataDir: string }) {
    const left = await target.pool.query(`SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace`);
    expect(left.rows).toEqual([]);
    expect(existsSync(restored.dataDir)).toBe(false);
    expect(existsSync(marker())).toBe(false);
  }

  const notAuthentic = (file: string) =>
    `Restore refused: ${file} does not authenticate with BACKUP_PASSPHRASE: it was changed or damaged after it ` +
    'was written, or written with another passphrase; nothing was restored';

  it('refuses a file with one byte changed: in the header, in a row, in the trailer, or in the gzip bytes', async () => {
    const text = gunzipSync(backup);
    const trailerStart = text.lastIndexOf('\n', text.length - 2) + 1;
    const rowStart = text.indexOf('\n') + 1;
    const places = [
      text.indexOf('"createdAt":"') + '"createdAt":"'.length + 3, // a digit of the year
      text.indexOf('\t', rowStart + 1000) + 1 + 8, // inside a value of a row
      trailerStart + 20, // a hex digit of the code
    ];
    for (const at of places) {
      const edited = Buffer.from(text);
      edited[at] = edited[at] === 0x31 ? 0x32 : 0x31; // '1' or '2': still a well-formed file
      expect(edited.equals(text)).toBe(false);
      const refused = await restore(gzipSync(edited));
      expect(refused).toMatchObject({ code: 2, out: [], err: [notAuthentic(refused.file)] });
      await expectNothingWritten(refused);
    }
    const raw = Buffer.from(backup);
    raw[Math.floor(raw.length / 2)]! ^= 0x01; // inside the rows' gzip member
    const refused = await restore(raw);
    expect(refused).toMatchObject({ code: 2, out: [], err: [notAuthentic(refused.file)] });
    await expectNothingWritten(refused);
  });

  it("refuses an OrderPaid's total changed to 1 with its table's checksum made again", async () => {
    const content = contentOf(backup);
    const { start, end } = rowsOf(content, 'es_events');
    const paid = content.rows.findIndex((line, i) => i >= start && i < end && line.includes('\tOrderPaid\t'));
    expect(paid).toBeGreaterThanOrEqual(start);
    const total = /"TOTAL": (\d+)/.exec(content.rows[paid]!);
    expect(Number(total?.[1])).toBeGreaterThan(1);
    const rows = [...content.rows];
    rows[paid] = rows[paid]!.replace(/"TOTAL": \d+/, '"TOTAL": 1');
    const forged = withChecksumsMadeAgain({ ...content, rows });
    const logEntry = (c: Content) => c.header.tables.find((t) => t.name === 'es_events')!;
    expect(logEntry(forged).sha256).not.toBe(logEntry(content).sha256); // the checksum matches the edited rows

    const refused = await restore(fileOf(forged));
    expect(refused).toMatchObject({ code: 2, out: [], err: [notAuthentic(refused.file)] });
    await expectNothingWritten(refused);
  });

  it("refuses SQL added into the header's table and column text, and runs none of it", async () => {
    const content = contentOf(backup);
    const program = `COPY (SELECT 1) TO PROGRAM 'touch ${marker()}'`;
    const tables = content.header.tables.map((table, i) =>
      i === 0
        ? {
            ...table,
            columns: [`${table.columns[0]}" text); ${program}; --`, ...table.columns.slice(1)],
            indexes: [`CREATE INDEX pwned ON es_events (type); ${program}`],
          }
        : table,
    );
    const refused = await restore(fileOf({ ...content, header: { ...content.header, tables } }));
    expect(refused.code).toBe(2);
    expect(refused.out).toEqual([]);
    expect(refused.err).toEqual([expect.stringMatching(/^Restore refused: .* has a damaged header \(tables\.0/)]);
    await expectNothingWritten(refused);

    // The column's SQL alone, in a header of the right shape: the code does not match.
    const columns = [{ ...content.header.tables[0]!, columns: tables[0]!.columns }, ...content.header.tables.slice(1)];
    const shaped = await restore(fileOf({ ...content, header: { ...content.header, tables: columns } }));
    expect(shaped).toMatchObject({ code: 2, out: [], err: [notAuthentic(shaped.file)] });
    await expectNothingWritten(shaped);
  });

  it('refuses the file of another passphrase, even with a secrets box sealed with that passphrase', async () => {
    const wrong = await restore(backup, OTHER_PASSPHRASE);
    expect(wrong).toMatchObject({
      code: 2,
      out: [],
      err: [`Restore refused: BACKUP_PASSPHRASE does not open the secrets of ${wrong.file}`],
    });
    await expectNothingWritten(wrong);

    const content = contentOf(backup);
    const secrets = { JWT_SECRET: 'a-session-secret-of-enough-characters-0123', DOB_ENCRYPTION_KEY: 'ab'.repeat(32) };
    const header = { ...content.header, secrets: await sealSecrets(secrets, OTHER_PASSPHRASE) };
    const resealed = await restore(fileOf({ ...content, header }), OTHER_PASSPHRASE);
    expect(resealed).toMatchObject({ code: 2, out: [], err: [notAuthentic(resealed.file)] });
    await expectNothingWritten(resealed);
  });

  it('refuses a backup of format 1, saying to take a new one', async () => {
    const content = contentOf(backup);
    const old = await restore(fileOf({ ...content, header: { ...content.header, version: 1 as 2 } }));
    expect(old).toMatchObject({
      code: 2,
      err: [
        `Restore refused: ${old.file} has backup format 1, which is not authenticated and carries SQL; this shop ` +
          'restores format 2 only: take a new backup with this version (npm run backup)',
      ],
    });
    await expectNothingWritten(old);
  });

  it('never creates what an authenticated file names: an unknown table or column is refused, a value is data', async () => {
    const content = contentOf(backup);
    const program = `COPY (SELECT 1) TO PROGRAM 'touch ${marker()}'`;
    const injected = `${content.header.tables[0]!.columns[0]}" text); ${program}; --`;
    const withColumn = {
      ...content,
      header: {
        ...content.header,
        tables: content.header.tables.map((t, i) =>
          i === 0 ? { ...t, columns: [injected, ...t.columns.slice(1)] } : t,
        ),
      },
    };
    const column = await restore(fileOf(await signedWith(withColumn, PASSPHRASE)));
    expect(column).toMatchObject({
      code: 2,
      out: [],
      err: [
        `Restore refused: ${column.file} holds column ${injected} of es_events, which the shop's schema does not create`,
      ],
    });
    const left = await target.pool.query(`SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace`);
    expect(left.rows).toEqual([]); // the schema the code made was rolled back with the rest
    expect(existsSync(marker())).toBe(false);

    const emptyRows = createHash('sha256').digest('hex');
    const extra = { name: `pwned"; ${program}; --`, columns: ['a'], rows: 0, bytes: 0, sha256: emptyRows };
    const withTable = { ...content, header: { ...content.header, tables: [...content.header.tables, extra] } };
    const table = await restore(fileOf(await signedWith(withTable, PASSPHRASE)));
    expect(table).toMatchObject({
      code: 2,
      err: [`Restore refused: ${table.file} holds table ${extra.name}, which the shop's schema does not create`],
    });
    expect(existsSync(marker())).toBe(false);

    // SQL in a value is a value: restored as it was written, nothing run.
    const { start, end } = rowsOf(content, 'catalog_states');
    expect(end).toBeGreaterThan(start);
    const rows = [...content.rows];
    const [key] = rows[start]!.split('\t');
    const value = `x'); DROP TABLE es_events; ${program}; --`;
    rows[start] = `${key}\t${value}`;
    const restored = await restore(fileOf(await signedWith(withChecksumsMadeAgain({ ...content, rows }), PASSPHRASE)));
    expect(restored.err).toEqual([]);
    expect(restored.code).toBe(0);
    const state = await target.pool.query<{ value: string }>('SELECT value FROM catalog_states WHERE key = $1', [key]);
    expect(state.rows).toEqual([{ value }]);
    const events = await target.pool.query<{ n: string }>('SELECT count(*)::text AS n FROM es_events');
    expect(Number(events.rows[0]!.n)).toBe(content.header.eventLog.events);
    expect(existsSync(marker())).toBe(false);
  });

  it("stops a backup of a database holding a table the shop's schema does not create", async () => {
    await source.shop.pool.query('CREATE TABLE stray_notes (note text)');
    try {
      const stopped = await run(backupCommand, [join(folder, 'stray.backup.gz')], {
        DATABASE_URL: source.shop.config.DATABASE_URL,
        DATA_DIR: join(folder, 'unused'),
        JWT_SECRET: source.shop.config.JWT_SECRET,
        DOB_ENCRYPTION_KEY: source.shop.config.DOB_ENCRYPTION_KEY,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      expect(stopped).toEqual({
        code: 1,
        out: [],
        err: [
          "Backup failed: the database holds stray_notes, which the shop's schema (apps/api/backup/shop-schema.ts) " +
            'does not create, so no restore could load it: list the code that creates it there',
        ],
      });
      expect(existsSync(join(folder, 'stray.backup.gz'))).toBe(false);
    } finally {
      await source.shop.pool.query('DROP TABLE stray_notes');
    }
  });
});

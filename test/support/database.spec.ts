import pg from 'pg';
import { createTestDatabase, templateDatabase, templateName } from './database.js';

it('gives each test file its own real PostgreSQL database', async () => {
  const db = await createTestDatabase();
  const { rows } = await db.pool.query<{ v: string }>('select current_database() as v');
  expect(rows[0]?.v).toMatch(/^test_/);
  await db.drop();
});

describe('template databases (the seeded demo data of createTestApp)', () => {
  const fill = async (url: string, value: string) => {
    const client = new pg.Client(url);
    await client.connect();
    await client.query('CREATE TABLE t (v text)');
    await client.query('INSERT INTO t VALUES ($1)', [value]);
    await client.end();
  };
  const valuesOf = async (db: Awaited<ReturnType<typeof createTestDatabase>>) =>
    (await db.pool.query<{ v: string }>('SELECT v FROM t')).rows.map((r) => r.v);

  it('builds a template once per run; each copy starts with its rows and is a database of its own', async () => {
    const name = templateName(`spec${process.pid}`);
    let builds = 0;
    const build = async (url: string) => {
      builds++;
      await fill(url, 'seeded');
    };
    const first = await createTestDatabase(await templateDatabase(name, build));
    const second = await createTestDatabase(await templateDatabase(name, build));
    expect(builds).toBe(1);
    await first.pool.query("INSERT INTO t VALUES ('first only')");
    expect(await valuesOf(first)).toEqual(['seeded', 'first only']);
    expect(await valuesOf(second)).toEqual(['seeded']);
    await first.drop();
    await second.drop();
  });

  it('a build that failed half-way leaves no template: the next one builds it again', async () => {
    const name = templateName(`broken${process.pid}`);
    await expect(
      templateDatabase(name, async (url) => {
        await fill(url, 'half');
        throw new Error('the seed failed');
      }),
    ).rejects.toThrow('the seed failed');
    const copy = await createTestDatabase(await templateDatabase(name, (url) => fill(url, 'whole')));
    expect(await valuesOf(copy)).toEqual(['whole']);
    await copy.drop();
  });
});

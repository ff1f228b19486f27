import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { createLogDestination } from '../../apps/api/kernel/http-logging.js';

/** The shop's asynchronous log destination (docs/operations.md, Running it in production): nothing lost at a stop. */
describe('log destination', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'log-destination-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('has written every line once flushed, even lines logged while a write was under way', async () => {
    const file = join(dir, 'shop.log');
    const destination = createLogDestination(file);
    const log = pino({ level: 'info' }, destination.stream);
    for (let n = 0; n < 5000; n++) log.info({ n }, 'request completed');
    await destination.flush();
    const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
    expect(lines).toHaveLength(5000);
    expect((JSON.parse(lines[4999]!) as { n: number }).n).toBe(4999);
  });

  it('flushes at once when nothing is pending', async () => {
    const destination = createLogDestination(join(dir, 'quiet.log'));
    const started = performance.now();
    await destination.flush();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

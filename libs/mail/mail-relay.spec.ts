import type { Pool } from 'pg';
import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { MailRelay } from './mail-relay.js';
import { OUTBOX_SCHEMA, OutboxMailer, SmtpMailer } from './mailer.js';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from './smtp-capture.testing.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const FROM = 'MedShop <no-reply@shop.test>';

/** The Message-ID header of a captured mail. */
const messageIdOf = (mail: CapturedMail): string => /^Message-ID: (<[^>]+>)/im.exec(mail.raw)?.[1] ?? '';

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The outbox relay against a real SMTP server (the capture): each pending mail sent once, with its
 * row's Message-ID, by two relays on one outbox; retried while the server is down; a database
 * failure caught inside the loop.
 */
describe('mail relay', () => {
  let db: TestDatabase;
  const relays: MailRelay[] = [];
  const transports: SmtpMailer[] = [];
  const captures: SmtpCapture[] = [];

  const relay = (url: string, options = {}, pool: Pool = db.pool): MailRelay => {
    const transport = new SmtpMailer(url, FROM);
    transports.push(transport);
    const started = new MailRelay(pool, transport, quiet, { pollMs: 100, ...options });
    relays.push(started);
    return started;
  };
  const outbox = (onPending?: () => void) =>
    new OutboxMailer(db.pool, { info: () => undefined }, { relayed: true, domain: 'shop.test', onPending });
  const rows = async () =>
    (
      await db.pool.query<{ status: string; attempts: number; message_id: string; last_error: string | null }>(
        'SELECT status, attempts, message_id, last_error FROM mail_outbox ORDER BY id',
      )
    ).rows;

  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query(OUTBOX_SCHEMA);
  });
  beforeEach(async () => {
    await db.pool.query('TRUNCATE mail_outbox');
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    transports.splice(0).forEach((t) => t.close());
    await Promise.all(captures.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await db.drop();
  });

  it('two relays on one outbox send each of 40 mails once, each with its row Message-ID', async () => {
    const smtp = await startSmtpCapture();
    captures.push(smtp);
    const [a, b] = [relay(smtp.url), relay(smtp.url)];
    const mailer = outbox(() => {
      a.nudge();
      b.nudge();
    });
    a.start();
    b.start();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        mailer.send({ to: `reader${i}@example.test`, subject: `Mail ${i}`, text: `Hello ${i}` }),
      ),
    );
    await until(async () => (await rows()).every((r) => r.status === 'sent'));
    await new Promise((resolve) => setTimeout(resolve, 300)); // a second sending would arrive by now
    const sent = await rows();
    expect(smtp.mails).toHaveLength(40);
    expect(new Set(smtp.mails.map(messageIdOf))).toEqual(new Set(sent.map((r) => r.message_id)));
    expect(sent.every((r) => r.attempts === 1)).toBe(true);
  });

  it('retries while the SMTP server is down and sends each mail once when it is back', async () => {
    const first = await startSmtpCapture();
    const { port, url } = first;
    await first.close(); // the mail server is down
    const r = relay(url, { retryFirstMs: 200, retryMaxMs: 400 });
    const mailer = outbox(() => r.nudge());
    r.start();
    for (const i of [1, 2, 3]) await mailer.send({ to: `late${i}@example.test`, subject: `Late ${i}`, text: 'Hi' });
    await until(async () => (await rows()).every((row) => row.attempts >= 2));
    const waiting = await rows();
    expect(waiting.every((row) => row.status === 'pending' && row.last_error !== null)).toBe(true);

    const back = await startSmtpCapture(port); // the server comes back on its address
    captures.push(back);
    await until(async () => (await rows()).every((row) => row.status === 'sent'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(back.mails.map((m) => m.to[0]).sort()).toEqual([
      'late1@example.test',
      'late2@example.test',
      'late3@example.test',
    ]);
    expect(new Set(back.mails.map(messageIdOf)).size).toBe(3);
  });

  it('never sends a mail kept while there was no SMTP server (the outbox was the mailbox)', async () => {
    const smtp = await startSmtpCapture();
    captures.push(smtp);
    await new OutboxMailer(db.pool, { info: () => undefined }).send({
      to: 'old@example.test',
      subject: 'Old',
      text: 'x',
    });
    expect(await relay(smtp.url).drain()).toBe(0);
    expect((await rows()).map((r) => r.status)).toEqual(['kept']);
    expect(smtp.mails).toEqual([]);
  });

  it('a mail the server refuses for good is failed, not retried', async () => {
    const smtp = await startSmtpCapture(0, /^gone@/);
    captures.push(smtp);
    await outbox().send({ to: 'gone@example.test', subject: 'Refused', text: 'x' });
    await outbox().send({ to: 'here@example.test', subject: 'Taken', text: 'x' });
    expect(await relay(smtp.url).drain()).toBe(1);
    expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
      ['failed', 1],
      ['sent', 1],
    ]);
    expect(smtp.mails.map((m) => m.to)).toEqual([['here@example.test']]);
  });

  it('a database failure stays inside the loop: it reports not healthy, then sends once the database answers', async () => {
    const smtp = await startSmtpCapture();
    captures.push(smtp);
    let failures = 2;
    const flaky = {
      query: (...args: Parameters<Pool['query']>) =>
        failures-- > 0 ? Promise.reject(new Error('connection refused')) : db.pool.query(...args),
    } as unknown as Pool;
    const errors: string[] = [];
    const transport = new SmtpMailer(smtp.url, FROM);
    transports.push(transport);
    const r = new MailRelay(flaky, transport, { ...quiet, error: (m) => errors.push(m) }, { pollMs: 100 });
    relays.push(r);
    await outbox().send({ to: 'patient@example.test', subject: 'After the outage', text: 'x' });
    r.start();
    await until(() => !r.healthy);
    await smtp.waitFor('patient@example.test', /After the outage/, 15_000);
    await until(() => r.healthy);
    expect(errors[0]).toMatch(/could not read the outbox: Error: connection refused; trying again in 1000 ms/);
    expect((await rows()).map((row) => row.status)).toEqual(['sent']);
  });
});

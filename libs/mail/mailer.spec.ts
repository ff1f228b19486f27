import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { createMailer, domainOf, linksOf, OutboxMailer } from './mailer.js';

describe('mailer', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });
  beforeEach(async () => {
    await db.pool.query('DROP TABLE IF EXISTS mail_outbox');
  });

  const mail = {
    to: 'ada@example.test',
    subject: 'Validate your email',
    text: 'Hello,\n\nhttp://localhost:3000/user/validate?tolken=abc&email=ada%40example.test\n\nThanks',
  };

  it('with SMTP_URL writes the mail for the relay, with a Message-ID of the sender domain, and wakes it; no link is logged', async () => {
    const logged: string[] = [];
    let woken = 0;
    const mailer = createMailer(
      { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Shop <no-reply@shop.test>' },
      db.pool,
      { info: (m) => logged.push(m) },
      () => (woken += 1),
    );
    expect(mailer).toBeInstanceOf(OutboxMailer);
    expect(await mailer.send(mail)).toBe(true);
    const { rows } = await db.pool.query<{ status: string; message_id: string; next_attempt_at: Date | null }>(
      'SELECT status, message_id, next_attempt_at FROM mail_outbox',
    );
    expect(rows).toEqual([
      {
        status: 'pending',
        message_id: expect.stringMatching(/^<[0-9a-f-]{36}@shop\.test>$/),
        next_attempt_at: expect.any(Date),
      },
    ]);
    expect(woken).toBe(1);
    expect(logged).toEqual([]);
  });

  it('without SMTP keeps the mail in the outbox and logs only its link lines', async () => {
    const logged: string[] = [];
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'x' }, db.pool, { info: (m) => logged.push(m) });
    expect(mailer).toBeInstanceOf(OutboxMailer);
    await mailer.send({ ...mail, text: `${mail.text}\nYour password: Secret-1` });
    const { rows } = await db.pool.query('SELECT to_address, subject, status FROM mail_outbox');
    expect(rows).toEqual([{ to_address: 'ada@example.test', subject: 'Validate your email', status: 'kept' }]);
    expect(logged).toEqual([
      'Mail "Validate your email" to ada@example.test: http://localhost:3000/user/validate?tolken=abc&email=ada%40example.test',
    ]);
  });

  it('writes a mail once per key: the same key again writes and logs nothing', async () => {
    const logged: string[] = [];
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'x' }, db.pool, { info: (m) => logged.push(m) });
    expect(await mailer.send(mail, 'event-1:order-confirmation')).toBe(true);
    expect(await mailer.send(mail, 'event-1:order-confirmation')).toBe(false);
    expect(await mailer.send(mail, 'event-1:refund')).toBe(true);
    const { rows } = await db.pool.query('SELECT dedupe_key FROM mail_outbox ORDER BY id');
    expect(rows).toEqual([{ dedupe_key: 'event-1:order-confirmation' }, { dedupe_key: 'event-1:refund' }]);
    expect(logged).toHaveLength(2);
  });

  it('finds links in a text', () => {
    expect(linksOf('a https://x.test/a?b=1 b\nhttp://y.test')).toEqual(['https://x.test/a?b=1', 'http://y.test']);
  });

  it('takes the Message-ID domain from the sender', () => {
    expect(domainOf('MedShop <no-reply@shop.example>')).toBe('shop.example');
    expect(domainOf('orders@medshop.test')).toBe('medshop.test');
    expect(domainOf('nobody')).toBe('shop.localhost');
  });
});

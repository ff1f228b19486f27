import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { createMailer, linksOf, OutboxMailer, SmtpMailer } from './mailer.js';
import { type SmtpCapture, startSmtpCapture } from './smtp-capture.testing.js';

describe('mailer', () => {
  let db: TestDatabase;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    db = await createTestDatabase();
    smtp = await startSmtpCapture();
  });
  afterAll(async () => {
    await smtp.close();
    await db.drop();
  });

  const mail = {
    to: 'ada@example.test',
    subject: 'Validate your email',
    text: 'Hello,\n\nhttp://localhost:3000/user/validate?tolken=abc&email=ada%40example.test\n\nThanks',
  };

  it('sends over SMTP when SMTP_URL is set', async () => {
    const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'Shop <no-reply@shop.test>' }, db.pool, {
      info: () => {},
    });
    expect(mailer).toBeInstanceOf(SmtpMailer);
    await mailer.send(mail);
    const received = await smtp.waitFor('ada@example.test', /Validate your email/);
    expect(received.raw).toContain('http://localhost:3000/user/validate?tolken=abc&email=ada%40example.test');
    (mailer as SmtpMailer).close();
  });

  it('without SMTP keeps the mail in the outbox and logs only its link lines', async () => {
    const logged: string[] = [];
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'x' }, db.pool, { info: (m) => logged.push(m) });
    expect(mailer).toBeInstanceOf(OutboxMailer);
    await mailer.send({ ...mail, text: `${mail.text}\nYour password: Secret-1` });
    const { rows } = await db.pool.query('SELECT to_address, subject FROM mail_outbox');
    expect(rows).toEqual([{ to_address: 'ada@example.test', subject: 'Validate your email' }]);
    expect(logged).toEqual([
      'Mail "Validate your email" to ada@example.test: http://localhost:3000/user/validate?tolken=abc&email=ada%40example.test',
    ]);
  });

  it('finds links in a text', () => {
    expect(linksOf('a https://x.test/a?b=1 b\nhttp://y.test')).toEqual(['https://x.test/a?b=1', 'http://y.test']);
  });
});

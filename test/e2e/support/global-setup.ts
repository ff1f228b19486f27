import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the run, on the free port playwright.config.ts found (E2E_SMTP_PORT): every
 * received mail is written as a file into E2E_MAIL_DIR, named by its recipient, so a test can wait for
 * the mail to its own address (test/e2e/support/mailbox.ts).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!mailDir) throw new Error('E2E_MAIL_DIR is not set (playwright.config.ts sets it)');
  const smtpPort = Number(process.env.E2E_SMTP_PORT);
  if (!Number.isInteger(smtpPort) || smtpPort <= 0) {
    throw new Error('E2E_SMTP_PORT is not set (playwright.config.ts sets it)');
  }
  let counter = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        counter += 1;
        const file = join(mailDir, `${Date.now()}-${counter}.json`);
        // Written beside, then renamed: a journey polling the folder never reads a mail half written.
        writeFile(`${file}.part`, JSON.stringify({ to: recipients, raw }))
          .then(() => rename(`${file}.part`, file))
          .then(() => callback())
          .catch((error: Error) => callback(error));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(smtpPort, '127.0.0.1', () => resolve());
  });

  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

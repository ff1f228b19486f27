import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a random local port that keeps every mail it receives, for tests that
 * follow mailed links. `SMTP_URL` points the shop at it.
 */
export interface SmtpCapture {
  url: string;
  port: number;
  mails: CapturedMail[];
  /** Resolves with the first mail to `to` whose raw text matches. */
  waitFor(to: string, match?: RegExp, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Quoted-printable soft breaks and escapes undone, so links can be read from the raw message. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * `port`: a port of an earlier capture, to bring "the mail server" back after a test stopped it (0: any
 * free one); `refuse`: addressees it refuses for good (550), as a server refuses an unknown mailbox.
 */
export async function startSmtpCapture(port = 0, refuse?: RegExp): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuse?.test(address.address)) return callback();
      callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        waiters.splice(0).forEach((w) => w());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('SMTP capture did not bind');
  const find = (to: string, match?: RegExp) =>
    mails.find((m) => m.to.includes(to.toLowerCase()) && (!match || match.test(m.raw)));
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    mails,
    async waitFor(to, match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = find(to, match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${String(match)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200).unref();
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

interface StoredMail {
  to: string[];
  raw: string;
}

export interface ReceivedMail {
  subject: string;
  /** The decoded text of every part, for finding links and wording. */
  body: string;
}

/** Decodes the MIME transfer encodings nodemailer uses (quoted-printable and base64), part by part. */
function decodeBody(raw: string): string {
  const decodePart = (part: string): string => {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) return part;
    const headers = part.slice(0, split).toLowerCase();
    const content = part.slice(split).trim();
    if (headers.includes('content-transfer-encoding: base64')) {
      return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    }
    if (headers.includes('content-transfer-encoding: quoted-printable')) {
      const joined = content.replace(/=\r?\n/g, '');
      return Buffer.from(
        joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    }
    return content;
  };
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((match) => match[1] as string);
  if (boundaries.length === 0) return decodePart(raw);
  let parts = [raw];
  for (const boundary of boundaries) parts = parts.flatMap((part) => part.split(`--${boundary}`));
  return parts.map(decodePart).join('\n');
}

function subjectOf(raw: string): string {
  const match = /^subject:\s*(.*)$/im.exec(raw);
  return match?.[1]?.trim() ?? '';
}

async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set');
  const files = (await readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    const stored = JSON.parse(await readFile(join(dir, file), 'utf8')) as StoredMail;
    if (stored.to.includes(address.toLowerCase())) {
      mails.push({ subject: subjectOf(stored.raw), body: decodeBody(stored.raw) });
    }
  }
  return mails;
}

/** Waits (polling, bounded) until a mail to the address holds a link to the given path, and returns that link. */
export async function waitForLink(address: string, path: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of await mailsTo(address)) {
          const found = mail.body.match(/https?:\/\/[^\s"'<>]+/g)?.find((url) => new URL(url).pathname.endsWith(path));
          if (found) link = found.replace(/&amp;/g, '&');
        }
        return link;
      },
      { message: `a mail to ${address} with a link to ${path}`, timeout: 20_000 },
    )
    .toBeTruthy();
  const url = new URL(link as string);
  // Follow the link on the shop under test whatever base address the mail was written with.
  return url.pathname + url.search;
}

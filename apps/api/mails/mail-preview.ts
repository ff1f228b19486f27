import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '#libs/config/config.js';
import { mailBrand } from '#libs/mail/brand.js';
import { sampleMails } from '#libs/mail/mail-samples.js';

/**
 * `npm run mail:preview [-- DIR]`: every mail the shop sends, rendered with sample content and the
 * configured brand (SHOP_NAME, MAIL_SUPPORT_EMAIL, PUBLIC_URL), written as NAME.html and NAME.txt into
 * DIR (default ./mail-preview, git-ignored), with an index.html linking them: open it in a browser.
 */
async function main(): Promise<void> {
  const out = resolve(process.argv[2] ?? 'mail-preview');
  mkdirSync(out, { recursive: true });
  const mails = await sampleMails(mailBrand(loadConfig()));
  const items: string[] = [];
  for (const [name, mail] of Object.entries(mails)) {
    writeFileSync(join(out, `${name}.html`), mail.html ?? '');
    writeFileSync(join(out, `${name}.txt`), `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`);
    items.push(`<li><a href="${name}.html">${name}</a> (<a href="${name}.txt">text</a>): ${escape(mail.subject)}</li>`);
  }
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html><title>Mails</title><h1>Mails</h1><ul>${items.join('')}</ul>\n`,
  );
  process.stdout.write(`Wrote ${items.length} mails (HTML and text) to ${out}; open ${join(out, 'index.html')}\n`);
}

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

main().catch((error: unknown) => {
  process.stderr.write(`mail:preview failed: ${String(error)}\n`);
  process.exit(1);
});

import { sampleMails } from './mail-samples.js';

/** A snapshot of every mail, HTML and plain text: a template change shows here as a diff to review. */
describe('the mails, as sent', () => {
  let mails: Awaited<ReturnType<typeof sampleMails>>;
  beforeAll(async () => {
    mails = await sampleMails();
  });

  it.each([
    'validation',
    'password-reset',
    'email-change-confirm',
    'email-change-notice',
    'order-confirmation',
    'renewal-reminder',
    'renewal-receipt',
    'renewal-failed',
    'refund',
    'certificate-issued',
  ])('%s', (name) => {
    const mail = mails[name];
    expect(mail).toBeDefined();
    expect({ to: mail?.to, subject: mail?.subject }).toMatchSnapshot('envelope');
    expect(mail?.text).toMatchSnapshot('text');
    expect(mail?.html).toMatchSnapshot('html');
  });

  it('every mail names the shop, its support address and contact page, in HTML and text; its text is ASCII', () => {
    for (const mail of Object.values(mails)) {
      for (const body of [mail.text, mail.html ?? '']) {
        expect(body).toContain('MedShop');
        expect(body).toContain('support@shop.localhost');
        expect(body).toContain('http://localhost:3000/static/contact');
      }
      expect(mail.text).toMatch(/^[\x20-\x7e\n]*$/);
    }
  });

  it('a customer name is escaped in HTML', async () => {
    const { validationMail } = await import('./identity-mails.js');
    const { SAMPLE_BRAND } = await import('./mail-samples.js');
    const mail = await validationMail(SAMPLE_BRAND, 'x@example.test', '<script>alert(1)</script>', 't');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });
});

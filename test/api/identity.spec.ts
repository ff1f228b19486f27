import { signSocietyToken } from '#libs/crypto/society-token.js';
import { type SmtpCapture, startSmtpCapture } from '#libs/mail/smtp-capture.testing.js';
import demoSocieties from '../../apps/api/seed/demo-society.json' with { type: 'json' };
import { createTestApp, type TestApp } from '../support/app.js';
import { linkIn, type MailedLink, registerAndValidate, registration } from '../support/customer-fixtures.js';

/** A partner society configured for this shop (SOCIETY_SECRETS); the demo data is not seeded here. */
const SOCIETY = 'partner-society';
const SECRET = 'partner-society-secret-for-the-tests';

/** Identity through HTTP against the whole app, with mails received on a real SMTP server. */
describe('identity API', () => {
  let smtp: SmtpCapture;
  let shop: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    shop = await createTestApp({ smtpUrl: smtp.url, env: { SOCIETY_SECRETS: JSON.stringify({ [SOCIETY]: SECRET }) } });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await fetch(`${shop.baseUrl}/api/${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  };

  const login = (email: string, password: string) => call('POST', 'auth/login', { email, password, version: 5 });

  /** Follows the link of the latest mail to `email` whose path is `path`: returns its tolken and email. */
  const linkFrom = async (email: string, path: string, after = 0): Promise<MailedLink> => {
    for (;;) {
      await smtp.waitFor(email, new RegExp(`${path}\\?tolken=`));
      const links = smtp.mails.filter((m) => m.to.includes(email)).flatMap((m) => linkIn(m.raw, path) ?? []);
      if (links.length > after) return links[links.length - 1]!;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  const registeredAndValidated = (email: string): Promise<void> =>
    registerAndValidate(shop.baseUrl, email, (to) => linkFrom(to, 'user/validate'));

  it('refuses a registration with missing fields, listing every message of the spec', async () => {
    const { status, body } = await call('POST', 'users/register', {
      autorenew: 1,
      agree: 1,
      VERSION: 5,
      PHONE: 'x'.repeat(21),
    });
    expect(status).toBe(400);
    expect(body.message).toEqual(
      expect.arrayContaining([
        'First Name is required.',
        'Last Name is required.',
        'Specialty is required.',
        'Email is required.',
        'Password is required.',
        'Phone must be at most 20 characters.',
      ]),
    );
  });

  it('refuses a short password, an unticked agree box and unknown fields', async () => {
    const short = await call('POST', 'users/register', registration('short@example.test', { PASSWORD: 'short' }));
    expect(short.status).toBe(400);
    expect(short.body.message).toEqual(['Password must be at least 8 characters or more.']);
    expect((await call('POST', 'users/register', registration('agree@example.test', { agree: 0 }))).status).toBe(400);
    expect((await call('POST', 'users/register', registration('unknown@example.test', { ROLE: 'admin' }))).status).toBe(
      400,
    );
  });

  it('registers, refuses login until validated, validates through the mailed link once, then logs in', async () => {
    const email = 'ada@example.test';
    const registered = await call('POST', 'users/register', registration('Ada@Example.test'));
    expect(registered).toEqual({
      status: 201,
      body: {
        success: 1,
        message:
          'Please validate your email by following the instructions we sent to your email address. You can login after validating.',
      },
    });

    const duplicate = await call('POST', 'users/register', registration('ADA@example.TEST'));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toBe('This email is already in use. If you have forgotten your password click here.');

    const early = await login(email, 'Secret-pass-1');
    expect(early.status).toBe(401);
    expect(early.body.error).toBe(
      'Please validate your email before logging in. Check your inbox or resend the validation email.',
    );

    const link = await linkFrom(email, 'user/validate');
    expect(link.EMAIL).toBe(email);
    expect(await call('POST', 'users/validate', link)).toEqual({
      status: 200,
      body: { success: 1, message: 'You have successfully validated your email. Please login here.' },
    });
    const again = await call('POST', 'users/validate', link);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Validation failed. Please contact customer service if you need help.');

    const ok = await login('ADA@example.test', 'Secret-pass-1');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      token: expect.any(String),
      OPEN: [],
      QMPMarketingPixel: null,
      EXPIRATIONS: [],
      QMPMarketingTarget: null,
      CMEREDIRECT: false,
    });
    const me = await call('GET', 'auth/me', undefined, ok.body.token as string);
    expect(me).toEqual({
      status: 200,
      body: {
        customerId: expect.any(String),
        email,
        firstname: 'Ada',
        lastname: 'Example',
        status: 'Resident',
        roles: [],
      },
    });
  });

  it('a bad password answers 401 "Invalid email or password."; so does an unknown email', async () => {
    await registeredAndValidated('bob@example.test');
    for (const attempt of [login('bob@example.test', 'wrong-password'), login('nobody@example.test', 'whatever-1')]) {
      const { status, body } = await attempt;
      expect(status).toBe(401);
      expect(body).toEqual({
        statusCode: 401,
        error: 'Invalid email or password.',
        message: ['Invalid email or password.'],
        ERROR: 'Invalid email or password.',
      });
    }
    const empty = await call('POST', 'auth/login', { email: '', password: '', version: 5 });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Email or Password can not be undefined.');
  });

  it('one device per account: a second login ends the first session, whose next call answers 401; logout ends a session', async () => {
    await registeredAndValidated('carol@example.test');
    const first = (await login('carol@example.test', 'Secret-pass-1')).body.token as string;
    expect((await call('GET', 'auth/me', undefined, first)).status).toBe(200);
    const second = (await login('carol@example.test', 'Secret-pass-1')).body.token as string;
    expect((await call('GET', 'auth/me', undefined, first)).status).toBe(401);
    expect((await call('GET', 'auth/me', undefined, second)).status).toBe(200);
    expect((await call('POST', 'auth/logout', undefined, second)).status).toBe(204);
    expect((await call('GET', 'auth/me', undefined, second)).status).toBe(401);
    expect((await call('GET', 'auth/me')).status).toBe(401);
  });

  it('forgot password mails a one-time link to user/redeem; the new password works and the old one not', async () => {
    const email = 'dave@example.test';
    await registeredAndValidated(email);
    const unknown = await call('POST', 'users/forgot', { EMAIL: 'nobody@example.test' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('You must enter a valid email.');

    expect(await call('POST', 'users/forgot', { EMAIL: email })).toEqual({
      status: 200,
      body: {
        success: 1,
        message: 'You will receive an email shortly. Follow the email instructions to change your password.',
      },
    });
    const link = await linkFrom(email, 'user/redeem');
    const short = await call('POST', 'users/redeem-forgot', { ...link, PASSWORD: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toEqual(['Password must be at least 8 characters or more.']);
    expect((await call('POST', 'users/redeem-forgot', { ...link, PASSWORD: 'New-secret-2' })).status).toBe(200);
    const reused = await call('POST', 'users/redeem-forgot', { ...link, PASSWORD: 'Other-secret-3' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('Something went wrong. Please try again here: Forgot Password');
    expect((await login(email, 'Secret-pass-1')).status).toBe(401);
    expect((await login(email, 'New-secret-2')).status).toBe(200);
  });

  it('resend validation mails a new link that validates; the old link no longer does', async () => {
    const email = 'erin@example.test';
    expect((await call('POST', 'users/register', registration(email))).status).toBe(201);
    const old = await linkFrom(email, 'user/validate');
    expect((await call('POST', 'users/resend', { EMAIL: email })).status).toBe(200);
    const fresh = await linkFrom(email, 'user/validate', 1);
    expect(fresh.TOKEN).not.toBe(old.TOKEN);
    expect((await call('POST', 'users/validate', old)).status).toBe(400);
    expect((await call('POST', 'users/validate', fresh)).status).toBe(200);
    const again = await call('POST', 'users/resend', { EMAIL: email });
    expect(again.status).toBe(400);
    expect((await call('POST', 'users/resend', { EMAIL: 'not-an-email' })).body.error).toBe(
      'You must enter a valid email.',
    );
  });

  it('login is rate-limited per email: after 10 failures it answers 429 with a clear message', async () => {
    await registeredAndValidated('frank@example.test');
    for (let i = 0; i < 10; i++) expect((await login('frank@example.test', `wrong-${i}-pass`)).status).toBe(401);
    const limited = await login('frank@example.test', 'Secret-pass-1');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('Too many login attempts. Please wait 15 minutes and try again.');
  });

  it('forgot is rate-limited per email', async () => {
    await registeredAndValidated('gina@example.test');
    for (let i = 0; i < 5; i++)
      expect((await call('POST', 'users/forgot', { EMAIL: 'gina@example.test' })).status).toBe(200);
    const limited = await call('POST', 'users/forgot', { EMAIL: 'gina@example.test' });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('Too many password reset requests. Please wait an hour and try again.');
  });

  it('society sign-in registers the member on first use, already validated, and logs in; a forged token fails', async () => {
    const now = new Date();
    const token = signSocietyToken(
      SOCIETY,
      SECRET,
      { email: 'Member@Society.test', first: 'Mia', last: 'Member' },
      now,
    );
    const first = await call('POST', 'auth/login', { society: token, version: 5 });
    expect(first.status).toBe(200);
    const me = await call('GET', 'auth/me', undefined, first.body.token as string);
    expect(me.body).toMatchObject({ email: 'member@society.test', firstname: 'Mia', lastname: 'Member' });
    const again = await call('POST', 'auth/login', { society: token, version: 5 });
    expect(again.status).toBe(200);
    expect((await call('GET', 'auth/me', undefined, again.body.token as string)).body.customerId).toBe(
      me.body.customerId,
    );

    const forged = signSocietyToken(SOCIETY, 'not-the-secret-of-the-society', { email: 'x@society.test' }, now);
    const expired = signSocietyToken(SOCIETY, SECRET, { email: 'y@society.test' }, new Date('2020-01-01T00:00:00Z'));
    // The demo society is no default: a shop that does not seed the demo data does not know it.
    const demo = signSocietyToken('demo-society', demoSocieties['demo-society'], { email: 'z@society.test' }, now);
    for (const bad of [forged, expired, demo, 'garbage']) {
      const refused = await call('POST', 'auth/login', { society: bad, version: 5 });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe('Invalid email or password.');
    }
  });

  it('main info and the forced-error test endpoint', async () => {
    expect(await call('GET', 'main-info')).toEqual({
      status: 200,
      body: { year: new Date().getFullYear(), version: expect.stringMatching(/^\d+\.\d+\.\d+/), cartTotalQty: 0 },
    });
    expect((await call('GET', 'test/unauthorized')).status).toBe(401);
  });
});

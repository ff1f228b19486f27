import { type SmtpCapture, startSmtpCapture } from '#libs/mail/smtp-capture.testing.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { linkIn, registerAndValidate, registration } from '../support/customer-fixtures.js';
import { shopClient } from '../support/shop-client.js';

const PASSWORD = 'Secret-pass-1';
const TAKEN = 'This email is already in use. If you have forgotten your password click here.';
const REQUIRED = 'Please enter your current password to change your email or password.';
const WRONG = 'Your current password is not correct.';
const BAD_LINK = 'This link is no longer valid. Please contact customer service if you need help.';

interface Account {
  email: string;
  pendingEmail: string | null;
}

/**
 * The email and the password of an account change only with the current password; a new email takes
 * effect once the link mailed to it is followed, the old address is told and can undo it (signed-in
 * section 2; mails received on a real SMTP server).
 */
describe('account email and password changes', () => {
  let smtp: SmtpCapture;
  let shop: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    shop = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });
  const { call } = shopClient(() => shop.baseUrl);

  const login = (email: string, password = PASSWORD) =>
    call<{ token: string }>({}, 'POST', '/auth/login', { email, password, version: 5 });
  const tokenOf = async (email: string, password = PASSWORD): Promise<string> => {
    const { status, body } = await login(email, password);
    expect(status).toBe(200);
    return body.token;
  };
  /** The tolken and account id of the newest link to `path` mailed to `to`. */
  const changeLink = async (to: string, path: string): Promise<{ ID: string; TOKEN: string }> => {
    await smtp.waitFor(to, new RegExp(`${path}\\?tolken=`));
    const raw = smtp.mails.filter((m) => m.to.includes(to)).map((m) => m.raw);
    const match = [...raw.join('\n').matchAll(new RegExp(`${path}\\?tolken=([^&\\s]+)&id=([^\\s"<]+)`, 'g'))].at(-1);
    if (!match) throw new Error(`no ${path} link to ${to}`);
    return { TOKEN: decodeURIComponent(match[1]!), ID: decodeURIComponent(match[2]!) };
  };
  const account = async (token: string): Promise<Account> =>
    (await call<{ data: Account }>({ token }, 'GET', '/account')).body.data;
  const profile = (email: string, extra: Record<string, unknown> = {}) => ({
    firstname: 'Ada',
    lastname: 'Example',
    specialty: 'Plastic Surgery',
    email,
    ...extra,
  });
  const registered = async (email: string): Promise<void> =>
    registerAndValidate(shop.baseUrl, email, async (to) => {
      await smtp.waitFor(to, /user\/validate\?tolken=/);
      return linkIn(smtp.mails.find((m) => m.to.includes(to) && /user\/validate/.test(m.raw))!.raw, 'user/validate')!;
    });

  it('a stolen session token alone changes neither the email nor the password; the real owner can still register', async () => {
    await registered('victim@example.test');
    const stolen = await tokenOf('victim@example.test');

    const email = await call({ token: stolen }, 'PUT', '/account/profile', profile('thief@example.test'));
    expect(email.status).toBe(400);
    expect(email.body.message).toEqual([REQUIRED]);
    const password = await call({ token: stolen }, 'PUT', '/account/profile', {
      ...profile('victim@example.test'),
      password: 'Thief-pass-2026',
    });
    expect(password.status).toBe(400);
    expect(password.body.message).toEqual([REQUIRED]);
    const guessed = await call({ token: stolen }, 'PUT', '/account/profile', {
      ...profile('thief@example.test'),
      currentPassword: 'Guess-pass-1',
    });
    expect(guessed.status).toBe(400);
    expect(guessed.body.message).toEqual([WRONG]);
    // The other fields still save with the session alone.
    expect(
      (await call({ token: stolen }, 'PUT', '/account/profile', profile('victim@example.test', { phone: '555-0101' })))
        .status,
    ).toBe(200);

    expect(await account(await tokenOf('victim@example.test'))).toMatchObject({
      email: 'victim@example.test',
      pendingEmail: null,
    });
    expect((await login('victim@example.test', 'Thief-pass-2026')).status).toBe(401);
    expect(smtp.mails.some((m) => m.to.includes('thief@example.test'))).toBe(false);
    // The real owner of the typed address registers it.
    expect((await call({}, 'POST', '/users/register', registration('thief@example.test'))).status).toBe(201);
  });

  it('a new email waits for the link mailed to it; the old address is told; confirming moves login and mail', async () => {
    await registered('mover@example.test');
    const token = await tokenOf('mover@example.test');
    const asked = await call<{ data: Account }>(
      { token },
      'PUT',
      '/account/profile',
      profile('Mover.New@example.test', { currentPassword: PASSWORD }),
    );
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ email: 'mover@example.test', pendingEmail: 'mover.new@example.test' });
    // Until confirmed, login and mail stay on the old address.
    expect((await login('mover.new@example.test')).status).toBe(401);
    expect((await login('mover@example.test')).status).toBe(200);
    const notice = await smtp.waitFor('mover@example.test', /undo-email-change\?tolken=/);
    expect(notice.raw).toContain('mover.new@example.test');

    const confirm = await changeLink('mover.new@example.test', 'user/confirm-email');
    const wrong = await call({}, 'POST', '/users/confirm-email', { ...confirm, TOKEN: 'x'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(BAD_LINK);
    expect((await call({}, 'POST', '/users/confirm-email', confirm)).status).toBe(200);
    expect((await call({}, 'POST', '/users/confirm-email', confirm)).status).toBe(400);

    expect((await login('mover@example.test')).status).toBe(401);
    expect(await account(await tokenOf('mover.new@example.test'))).toMatchObject({
      email: 'mover.new@example.test',
      pendingEmail: null,
    });
    // The old address is free again.
    expect((await call({}, 'POST', '/users/register', registration('mover@example.test'))).status).toBe(201);
  });

  it('undo after confirmation puts the old address back and ends every session', async () => {
    await registered('undoer@example.test');
    const token = await tokenOf('undoer@example.test');
    expect(
      (
        await call(
          { token },
          'PUT',
          '/account/profile',
          profile('undoer.new@example.test', { currentPassword: PASSWORD }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await call(
          {},
          'POST',
          '/users/confirm-email',
          await changeLink('undoer.new@example.test', 'user/confirm-email'),
        )
      ).status,
    ).toBe(200);
    const session = await tokenOf('undoer.new@example.test');
    const undo = await changeLink('undoer@example.test', 'user/undo-email-change');
    expect((await call({}, 'POST', '/users/undo-email-change', undo)).status).toBe(200);
    expect((await call({ token: session }, 'GET', '/account')).status).toBe(401);
    expect((await login('undoer.new@example.test')).status).toBe(401);
    expect((await account(await tokenOf('undoer@example.test'))).email).toBe('undoer@example.test');
    expect((await call({}, 'POST', '/users/undo-email-change', undo)).status).toBe(400);
  });

  it('undo before confirmation drops the pending change: its confirm link stops working', async () => {
    await registered('dropper@example.test');
    const token = await tokenOf('dropper@example.test');
    await call(
      { token },
      'PUT',
      '/account/profile',
      profile('dropper.new@example.test', { currentPassword: PASSWORD }),
    );
    const confirm = await changeLink('dropper.new@example.test', 'user/confirm-email');
    expect(
      (
        await call(
          {},
          'POST',
          '/users/undo-email-change',
          await changeLink('dropper@example.test', 'user/undo-email-change'),
        )
      ).status,
    ).toBe(200);
    expect((await call({}, 'POST', '/users/confirm-email', confirm)).status).toBe(400);
    expect(await account(await tokenOf('dropper@example.test'))).toMatchObject({
      email: 'dropper@example.test',
      pendingEmail: null,
    });
  });

  it('the real owner registering a pending address first wins: the confirm link then answers 409', async () => {
    await registered('early@example.test');
    const token = await tokenOf('early@example.test');
    await call({ token }, 'PUT', '/account/profile', profile('owner@example.test', { currentPassword: PASSWORD }));
    const confirm = await changeLink('owner@example.test', 'user/confirm-email');
    expect((await call({}, 'POST', '/users/register', registration('owner@example.test'))).status).toBe(201);
    const late = await call({}, 'POST', '/users/confirm-email', confirm);
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(TAKEN);
    expect((await account(await tokenOf('early@example.test'))).email).toBe('early@example.test');
  });

  it('a new password needs the current one; wrong current passwords are throttled as logins are', async () => {
    await registered('guessed@example.test');
    const token = await tokenOf('guessed@example.test');
    const changed = await call({ token }, 'PUT', '/account/profile', {
      ...profile('guessed@example.test'),
      password: 'Newer-pass-2026',
      currentPassword: PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await login('guessed@example.test', 'Newer-pass-2026')).status).toBe(200);
    const session = await tokenOf('guessed@example.test', 'Newer-pass-2026');
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const guess = await call({ token: session }, 'PUT', '/account/profile', {
        ...profile('guessed@example.test'),
        password: 'Thief-pass-2026',
        currentPassword: `Guess-${n}-pass`,
      });
      statuses.push(guess.status);
    }
    // Ten guesses per account and address in 15 minutes (with the login's own tries), then 429.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.at(-1)).toBe(429);
  });
});

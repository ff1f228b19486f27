import { createTestApp, type TestApp } from '../support/app.js';
import { shopClient } from '../support/shop-client.js';

/**
 * The login answer's CMEREDIRECT (storefront section 2, login destinations): true for a customer with
 * a CME role (cme or cmePrint) and no date of birth on file, so the web app opens the CME info tab.
 */
describe('login answer: CMEREDIRECT', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const login = (email: string) => loginAs<{ token: string; CMEREDIRECT: boolean }>(email);

  it.each([
    ['cme@demo.test', 'a CME role and a date of birth on file', false],
    ['complete@demo.test', 'no CME role', false],
    ['reader@demo.test', 'no role at all', false],
  ])('%s (%s): false', async (email, _why, expected) => {
    expect((await login(email)).CMEREDIRECT).toBe(expected);
  });

  it('cmeprint@demo.test (cmePrint, no date of birth): true, and false once the date of birth is recorded', async () => {
    const first = await login('cmeprint@demo.test');
    expect(first.CMEREDIRECT).toBe(true);

    const saved = await call({ token: first.token }, 'PUT', '/account/cme', { DOB: '04/05/1971' });
    expect(saved.status).toBe(200);
    expect((await login('cmeprint@demo.test')).CMEREDIRECT).toBe(false);
  });
});

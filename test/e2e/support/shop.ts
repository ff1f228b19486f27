import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForLink } from './mailbox.js';

export const DEMO_PASSWORD = 'Demo-pass-2026';

/** A fresh address per test, so journeys never share an account. */
export const freshEmail = (prefix: string): string => `${prefix}-${randomUUID().slice(0, 8)}@example.test`;

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectLoggedIn(page);
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Below the md breakpoint (a phone) the navigation sits in a drawer opened by the Menu button. */
const phoneNavigation = (page: Page): Promise<boolean> => page.getByRole('button', { name: 'Menu' }).isVisible();

/** The Account entries show: the Account menu from md up, the drawer's Account list on a phone. */
export async function expectLoggedIn(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  if (await phoneNavigation(page)) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Profile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
  } else {
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
  }
}

export async function logOut(page: Page): Promise<void> {
  if (await phoneNavigation(page)) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Login' })).toBeVisible();
    await page.keyboard.press('Escape');
    return;
  }
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
}

/** Registers and validates an account through the API (for journeys that start after registration). */
export async function registeredAccount(request: APIRequestContext, password: string): Promise<string> {
  const email = freshEmail('e2e');
  const response = await request.post('/api/users/register', {
    data: {
      FIRSTNAME: 'Robin',
      LASTNAME: 'Tester',
      SPECIALTY: 'Plastic Surgery',
      EMAIL: email,
      PASSWORD: password,
      autorenew: 1,
      agree: 1,
      VERSION: 5,
    },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  const link = new URL(await waitForLink(email, '/user/validate'), 'http://shop');
  const validated = await request.post('/api/users/validate', {
    data: { EMAIL: link.searchParams.get('email'), TOKEN: link.searchParams.get('tolken') },
  });
  expect(validated.ok(), await validated.text()).toBeTruthy();
  return email;
}

/**
 * Starts the page logged in without the login screen: logs in through the API and stores the session
 * where the web app keeps it (localStorage key `session`, version marker 5) before the first page loads;
 * returns the token for API calls made on the customer's behalf.
 */
export async function withApiSession(page: Page, email: string, password: string): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: { email, password, version: 5 } });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { token } = (await response.json()) as { token: string };
  const session = JSON.stringify({
    token,
    version: 5,
    marketing: { pixel: null, target: null },
    OPEN: [],
    EXPIRATIONS: [],
  });
  // A string script: the test code is not compiled with DOM types. It runs once, on the first document only.
  await page.addInitScript({
    content: `if (!sessionStorage.getItem('e2e-seeded')) { sessionStorage.setItem('e2e-seeded', '1'); localStorage.setItem('session', ${JSON.stringify(session)}); }`,
  });
  return token;
}

import { expect, test } from '@playwright/test';
import { meetings, product, shortPaths } from './support/catalog.js';

const TABS: [string, string][] = [
  ['Details', 'details'],
  ['Register', 'choose'],
  ['Virtual', 'virtual'],
  ['Faculty', 'faculty'],
  ['Program', 'program'],
];

test('the meeting list shows every meeting with a link to its details', async ({ page, request }) => {
  const all = await meetings(request);
  for (const id of [235, 503, 509, 511, 517, 520, 547]) expect(all.map((m) => m.ID)).toContain(id);
  await page.goto('/meeting/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Meetings' });
  await expect(list.getByRole('listitem')).toHaveCount(all.length);
  const first = all[0]!;
  await list.getByRole('link', { name: `Details of ${first.NAME}` }).click();
  await expect(page).toHaveURL(new RegExp(`/meeting/${first.ID}/details$`));
  await expect(page.getByRole('heading', { level: 1, name: first.NAME })).toBeVisible();
});

test('a meeting page has the five tabs and shows venue or hotel on details', async ({ page, request }) => {
  await page.goto('/meeting/509');
  await expect(page).toHaveURL(/\/meeting\/509\/details$/);
  const detail = (await (await request.get('/api/meetings/509')).json()).data;
  await expect(page.getByRole('heading', { level: 1, name: detail.NAME })).toBeVisible();
  if (detail.VENUE) await expect(page.getByRole('region', { name: 'Venue' })).toContainText(detail.VENUE.NAME);
  if (detail.HOTEL) await expect(page.getByRole('region', { name: 'Hotel' })).toContainText(detail.HOTEL.NAME);
  expect(detail.VENUE ?? detail.HOTEL).toBeTruthy();

  const tabs = page.getByRole('tablist', { name: 'Meeting sections' });
  for (const [label, tab] of TABS) {
    await tabs.getByRole('tab', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/meeting/509/${tab}$`));
    await expect(tabs.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
  }
  await page.goto('/meeting/509/faculty');
  for (const person of detail.FACULTY.slice(0, 3)) {
    await expect(page.getByRole('link', { name: person.FULLNAME })).toHaveAttribute('href', `/people/${person.USERID}`);
  }
  await page.goto('/meeting/509/program');
  await expect(page.getByRole('table', { name: 'Program' }).locator('tbody tr')).toHaveCount(detail.PROGRAM.length);

  // 509 ended in June 2025: shown as past, and not sold (issue 12).
  await page.goto('/meeting/509/choose');
  await expect(page.getByText('Past meeting')).toBeVisible();
  await expect(page.getByText('This meeting is over: its registration is closed.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Add to Cart/ })).toHaveCount(0);
  // An upcoming meeting (517, April 2027) sells its options; the visible label starts the button's name.
  const upcoming = (await (await request.get('/api/meetings/517')).json()).data;
  await page.goto('/meeting/517/choose');
  await expect(page.getByText('Past meeting')).toHaveCount(0);
  const option = upcoming.OPTIONS[0];
  await page.getByRole('button', { name: `Add to Cart: ${option.NAME}`, exact: true }).click();
  await expect(page.getByText(`${option.NAME} has been added to the cart`)).toBeVisible();
  await page.goto('/meeting/509/nonsense');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.goto('/meeting/987654/details');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('the Meetings menu: View All, 547 hidden, 509 as "2025", 520 as "2025 Art and Craft of Rhinoplasty"', async ({
  page,
  request,
}) => {
  const all = await meetings(request);
  const hidden = all.find((m) => m.ID === 547)!;
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Meetings' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(1 + all.filter((m) => !m.HIDDEN_IN_MENU).length);
  await expect(menu.getByRole('menuitem').first()).toHaveText('View All');
  // Both are over: each carries the note "Past meeting" under its label.
  await expect(menu.getByRole('menuitem', { name: /^2025\s*Past meeting$/ })).toHaveAttribute(
    'href',
    '/meeting/509/details',
  );
  await expect(menu.getByRole('menuitem', { name: hidden.NAME, exact: true })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: /^2025 Art and Craft of Rhinoplasty\s*Past meeting$/ }).click();
  await expect(page).toHaveURL(/\/meeting\/520\/details$/);
});

test('short paths go to a meeting tab or a product page; symposia goes to meeting/list', async ({ page, request }) => {
  const paths = await shortPaths(request);
  const toMeeting = paths.filter((p) => p.MEETING_ID !== null);
  expect(toMeeting.length).toBeGreaterThan(0);
  for (const entry of toMeeting.slice(0, 4)) {
    await page.goto(`/${entry.PATH}`);
    await expect(page).toHaveURL(new RegExp(`/meeting/${entry.MEETING_ID}/${entry.TAB ?? 'details'}$`));
    await expect(page.getByRole('tablist', { name: 'Meeting sections' })).toBeVisible();
  }
  const toProduct = paths.find((p) => p.PRODUCT_ID !== null);
  if (toProduct) {
    const target = await product(request, toProduct.PRODUCT_ID!);
    await page.goto(`/${toProduct.PATH}`);
    await expect(page).toHaveURL(new RegExp(`/product/${target.SLUG}/${target.ID}$`));
    await expect(page.getByRole('heading', { level: 1, name: target.NAME })).toBeVisible();
  }
  await page.goto('/symposia');
  await expect(page).toHaveURL(/\/meeting\/list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
  await page.goto('/no-such-short-path/register');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

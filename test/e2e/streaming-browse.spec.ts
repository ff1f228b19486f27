import { expect, test, type Page } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { expectNoSidewaysScroll } from './support/layout.js';
import { DEMO_PASSWORD, logIn, withApiSession } from './support/shop.js';

const STREAMER = 'streamer@demo.test';

// Every test here logs in as streamer@demo.test: they run one after another in one worker, and a
// journey of streaming-watch may hold the account meanwhile.
test.describe.configure({ mode: 'default', timeout: 150_000 });

const cards = (page: Page) => page.getByRole('list', { name: 'Videos' }).getByRole('listitem');

/** The product names of the cards on screen, in order. */
async function cardNames(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Videos' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('a[href^="/stream/"]:not([tabindex])')?.textContent ?? ''),
    );
}

/** Names in order: direction 1 A to Z, -1 Z to A (the screen's comparison: English, case-insensitive). */
function isSorted(names: string[], direction: 1 | -1): boolean {
  return (
    names.length > 1 &&
    names.every(
      (name, i) => i === 0 || direction * names[i - 1]!.localeCompare(name, 'en', { sensitivity: 'base' }) <= 0,
    )
  );
}

async function chooseCategory(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Stream categories' }).getByRole('link', { name, exact: true }).click();
}

test('streamer browses categories, searches, sorts, pages and keeps the state in the URL', async ({ page }) => {
  await withAccount(STREAMER, async () => {
    await logIn(page, STREAMER, DEMO_PASSWORD);
    // After login without a target: the streaming list, all videos, newest first, 48 per page.
    await expect(page).toHaveURL(/\/streaming$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Videos' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(/^\d+ products$/);
    const total = Number((await page.getByRole('status').textContent())?.split(' ')[0]);
    expect(total).toBeGreaterThan(48);
    await expect(cards(page)).toHaveCount(48);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('PUBDATE_DESC');
    await expect(page.getByRole('combobox', { name: 'Per page' })).toHaveValue('48');
    // A real lazy product image.
    const image = cards(page).first().locator('img');
    await expect(image).toHaveAttribute('src', /^\/assets\/img\/products\/(\d+)\/\1\.jpeg$/);
    await expect(image).toHaveAttribute('loading', 'lazy');

    // Category: a topic narrows the list.
    await chooseCategory(page, 'Rhinoplasty');
    await expect(page).toHaveURL(/\/streaming\?category=20$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rhinoplasty' })).toBeVisible();
    const inTopic = Number((await page.getByRole('status').textContent())?.split(' ')[0]);
    expect(inTopic).toBeGreaterThan(0);
    expect(inTopic).toBeLessThan(total);

    // Search within the category.
    const first = (await cardNames(page))[0]!;
    await page.getByRole('searchbox', { name: 'Search videos' }).fill(first);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/category=20&search=/);
    expect(await cardNames(page)).toContain(first);
    await page.getByRole('searchbox', { name: 'Search videos' }).fill('no-such-video-title');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('status')).toHaveText('No results found');
    await expect(cards(page)).toHaveCount(0);
    // Back restores the previous search, then the whole topic.
    await page.goBack();
    await expect(page.getByRole('searchbox', { name: 'Search videos' })).toHaveValue(first);
    await expect(cards(page).first()).toBeVisible();

    // Sort by name, both ways (the whole catalogue).
    await chooseCategory(page, 'All Videos');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('NAME_ASC');
    await expect(page).toHaveURL(/sort=NAME_ASC/);
    // The list renders after the address changes: wait for the order rather than reading too early.
    await expect.poll(async () => isSorted(await cardNames(page), 1)).toBe(true);
    const ascending = await cardNames(page);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('NAME_DESC');
    await expect(page).toHaveURL(/sort=NAME_DESC/);
    await expect.poll(async () => isSorted(await cardNames(page), -1)).toBe(true);
    const descending = await cardNames(page);
    expect(descending[0]).not.toBe(ascending[0]);

    // Page size and pagination.
    await page.getByRole('combobox', { name: 'Per page' }).selectOption('24');
    await expect(cards(page)).toHaveCount(24);
    const pageOne = await cardNames(page);
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');
    // The second page's rows once they are drawn (the pager moves before the list does).
    await expect(cards(page)).toHaveCount(24);
    await expect.poll(async () => (await cardNames(page)).filter((name) => pageOne.includes(name))).toEqual([]);
    const pageTwo = await cardNames(page);
    expect(pageTwo).toHaveLength(24);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect.poll(() => cardNames(page)).toEqual(pageOne);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Per page' })).toHaveValue('24');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('NAME_DESC');

    // My Videos Home (-2) is the user home with its tiles; a tile goes back to a category.
    await chooseCategory(page, 'My Videos Home');
    await expect(page).toHaveURL(/\/user\/home$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My Videos' })).toBeVisible();
    const tiles = page.getByRole('list', { name: 'Tiles' }).getByRole('link');
    await expect(tiles.first()).toBeVisible();
    await page.getByRole('list', { name: 'Tiles' }).getByRole('link', { name: 'Rhinoplasty', exact: true }).click();
    await expect(page).toHaveURL(/\/streaming\?category=20$/);
  });
});

test('streamer favourites and unfavourites a product, and the Favorites category follows', async ({ page }) => {
  await withAccount(STREAMER, async () => {
    await withApiSession(page, STREAMER, DEMO_PASSWORD);
    await page.goto('/streaming?sort=NAME_ASC');
    await expect.poll(async () => isSorted(await cardNames(page), 1)).toBe(true);
    const name = (await cardNames(page))[2]!;
    const card = cards(page).filter({ has: page.getByRole('link', { name, exact: true }) });

    await card.getByRole('button', { name: `Add ${name} to favorites` }).click();
    await expect(page.getByText(`${name} saved to favorites`)).toBeVisible();
    await expect(card.getByRole('button', { name: `Remove ${name} from favorites` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await chooseCategory(page, 'Favorites');
    await expect(page).toHaveURL(/category=-1/);
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    // Kept after a reload: the server holds the favourite.
    await page.reload();
    const favorite = cards(page).filter({ has: page.getByRole('link', { name, exact: true }) });
    await favorite.getByRole('button', { name: `Remove ${name} from favorites` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to remove this favorite?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await favorite.getByRole('button', { name: `Remove ${name} from favorites` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('status')).toBeVisible();
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  });
});

test('at 390 px the list fits, the menu is a select and a phone shows 96 per page', async ({ page }) => {
  await withAccount(STREAMER, async () => {
    // Logged in at the desktop width (the shared login helper uses the toolbar's Account button).
    await logIn(page, STREAMER, DEMO_PASSWORD);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/streaming');
    await expect(page.getByRole('combobox', { name: 'Per page' })).toHaveValue('96');
    await expect(page.getByRole('combobox', { name: 'Per page' }).locator('option')).toHaveText(['48', '96', '144']);
    await expect(cards(page).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Rhinoplasty' });
    await expect(page).toHaveURL(/category=20$/);
    await expect(cards(page).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/user/home');
    await expect(page.getByRole('list', { name: 'Tiles' }).getByRole('link').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

test('a failed load of the list or of user/home shows the shared error panel, and Retry loads it', async ({ page }) => {
  await withAccount(STREAMER, async () => {
    await logIn(page, STREAMER, DEMO_PASSWORD);
    let fail = true;
    await page.route(/\/api\/streaming(\/home)?$/, (route) =>
      fail
        ? route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: [] } })
        : route.continue(),
    );
    const panel = page.getByRole('alert').filter({ hasText: 'Your videos could not be loaded.' });

    await page.goto('/streaming');
    await expect(panel).toContainText('Check your connection and try again.');
    await expect(cards(page)).toHaveCount(0);
    fail = false;
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(cards(page).first()).toBeVisible();
    await expect(panel).toHaveCount(0);

    fail = true;
    await page.goto('/user/home');
    await expect(panel).toBeVisible();
    fail = false;
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('list', { name: 'Tiles' }).getByRole('link').first()).toBeVisible();
    await expect(panel).toHaveCount(0);
  });
});

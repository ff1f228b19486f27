import { expect, test } from '@playwright/test';
import { productPage } from './support/catalog.js';

test('the home cards show their product image and a few featured items linking to product pages', async ({
  page,
  request,
}) => {
  const books = (await productPage(request, { category: 14, size: 24 })).data.slice(0, 3);
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Books' });
  const featured = card.getByRole('list', { name: 'Featured in Books' });
  await expect(featured.getByRole('link')).toHaveCount(books.length);
  for (const [i, book] of books.entries()) {
    await expect(featured.getByRole('link').nth(i)).toHaveAttribute('href', `/product/${book.SLUG}/${book.ID}`);
  }
  // The first book's image, its room reserved (width and height) and a 400 px variant offered.
  const image = card.locator('img').first();
  await expect(image).toHaveAttribute('src', `/assets/img/products/${books[0]!.ID}/${books[0]!.ID}.jpeg`);
  await expect(image).toHaveAttribute('srcset', new RegExp(`${books[0]!.ID}-400\\.jpeg 400w`));
  await expect(image).toHaveAttribute('width', '800');
  expect((await request.get(`/assets/img/products/${books[0]!.ID}/${books[0]!.ID}-400.jpeg`)).status()).toBe(200);
  for (const title of ['Complete', 'eLearning', 'Meetings', 'CME', 'Videos']) {
    await expect(
      page
        .getByRole('list', { name: `Featured in ${title}` })
        .getByRole('link')
        .first(),
    ).toBeVisible();
  }

  // "Learn More" is what the eye reads; the link's name also says where it leads (Lighthouse link-text).
  const learnMore = page.getByRole('link', { name: 'Learn More about Books', exact: true });
  await expect(learnMore).toHaveText(/^Learn More/);
  await featured.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: books[0]!.NAME })).toBeVisible();
});

test('a failed load of featured items shows the error panel in its card, and Retry fills it', async ({ page }) => {
  let failures = 1;
  await page.route('**/api/products?category=14*', async (route) => {
    if (failures-- > 0) await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    else await route.continue();
  });
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Books' });
  const panel = card.getByRole('alert');
  await expect(panel).toContainText('The Books picks could not be loaded.');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(card.getByRole('list', { name: 'Featured in Books' }).getByRole('link').first()).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('robots.txt answers for crawlers', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('User-agent: *');
});

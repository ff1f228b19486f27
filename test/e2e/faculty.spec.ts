import { expect, test, type Page } from '@playwright/test';
import { facultyList, facultyMember } from './support/catalog.js';

const bodyRows = (page: Page) => page.getByRole('table', { name: 'Faculty' }).locator('tbody tr');
const firstNameCell = (page: Page) => bodyRows(page).first().getByRole('link');

test('the faculty table filters, sorts and pages', async ({ page, request }) => {
  const faculty = await facultyList(request);
  expect(faculty.length).toBeGreaterThan(50);
  const byName = [...faculty].sort((a, b) => a.FULLNAME.localeCompare(b.FULLNAME, 'en', { sensitivity: 'base' }));

  await page.goto('/people');
  await expect(page.getByText(`${faculty.length} results`)).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(25);
  await expect(firstNameCell(page)).toHaveText(byName[0]!.FULLNAME);
  // Columns: photo, name, bio (100 characters plus ellipsis), products, location.
  const headers = page.getByRole('table', { name: 'Faculty' }).getByRole('columnheader');
  await expect(headers).toHaveText(['Photo', 'Name', 'Bio', 'Products', 'Location']);
  await expect(bodyRows(page).first().getByRole('cell').nth(2)).toHaveText(/^.{100}\.\.\.$/);

  // Sort by name, descending.
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(firstNameCell(page)).toHaveText(byName[byName.length - 1]!.FULLNAME);
  // Sort by number of products, ascending then descending.
  await page.getByRole('button', { name: 'Products', exact: true }).click();
  const fewest = Math.min(...faculty.map((f) => f.PRODUCTCOUNT));
  await expect(bodyRows(page).first().getByRole('cell').nth(3)).toHaveText(String(fewest));
  await page.getByRole('button', { name: 'Products', exact: true }).click();
  const most = Math.max(...faculty.map((f) => f.PRODUCTCOUNT));
  await expect(bodyRows(page).first().getByRole('cell').nth(3)).toHaveText(String(most));

  // Paging: 25, 50, 100 rows per page; the next page.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByText(`26–50 of ${faculty.length}`)).toBeVisible();
  for (const size of [50, 100]) {
    await page.getByRole('combobox', { name: 'Rows per page:' }).click();
    await page.getByRole('option', { name: String(size), exact: true }).click();
    await expect(bodyRows(page)).toHaveCount(Math.min(size, faculty.length));
  }

  // The filter is trimmed and lower-cased and goes back to the first page.
  await page.getByRole('combobox', { name: 'Rows per page:' }).click();
  await page.getByRole('option', { name: '25', exact: true }).click();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  const target = byName[30]!;
  await page.getByLabel('Filter').fill(`  ${target.FULLNAME.toUpperCase()}  `);
  await expect(bodyRows(page).getByRole('link', { name: target.FULLNAME })).toBeVisible();
  await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();

  await page.getByLabel('Filter').fill('zzqqxx no such person');
  await expect(page.getByText('No data matching the filter')).toBeVisible();
  await expect(page.getByText('0 results')).toBeVisible();
});

test('a faculty page shows breadcrumb, photo, bio, location and product cards', async ({ page, request }) => {
  const faculty = await facultyList(request);
  let withElearning = null;
  let without = null;
  for (const summary of faculty) {
    const member = await facultyMember(request, summary.USERID);
    const hasElearning = member.PRODUCTSINFO.some((p) => p.PRODCATID === 10);
    if (hasElearning && member.PRODUCTSINFO.length > 0) withElearning ??= member;
    if (!hasElearning && member.PRODUCTSINFO.length > 0) without ??= member;
    if (withElearning && without) break;
  }
  if (!withElearning) throw new Error('no faculty member with an eLearning product');

  await page.goto('/people');
  await page.getByLabel('Filter').fill(withElearning.FULLNAME);
  await page.getByRole('link', { name: withElearning.FULLNAME, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/people/${withElearning.USERID}$`));
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Faculty' })).toHaveAttribute('href', '/people');
  await expect(page.getByRole('heading', { level: 1, name: withElearning.FULLNAME })).toBeVisible();
  await expect(page.getByRole('img', { name: withElearning.FULLNAME })).toBeVisible();
  await expect(page.getByText(withElearning.LOCATION).first()).toBeVisible();
  const products = page.getByRole('list', { name: 'Products' }).getByRole('listitem');
  await expect(products).toHaveCount(withElearning.PRODUCTSINFO.length);
  const item = withElearning.PRODUCTSINFO[0]!;
  await expect(products.first().getByRole('link')).toHaveAttribute(
    'href',
    `/product/${item.NAME.toLowerCase().replace(/ /g, '-')}/${item.ID}`,
  );
  await expect(products.first().locator('img')).toHaveAttribute(
    'src',
    `/assets/img/products/${item.ID}/${item.ID}.jpeg`,
  );
  await page.getByRole('link', { name: 'Learn more about eLearning' }).click();
  await expect(page).toHaveURL(/\/static\/elearning-details$/);

  if (without) {
    await page.goto(`/people/${without.USERID}`);
    await expect(page.getByRole('heading', { level: 1, name: without.FULLNAME })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Learn more about eLearning' })).toHaveCount(0);
  }
  await page.goto('/people/987654');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { withAccount } from './support/accounts.js';
import { DEMO_PASSWORD, logIn } from './support/shop.js';

const NOT_AUTHORIZED = 'You are not authorized to view this resource';

test('learner@demo.test (eLearning only) gets the not-authorised text for another stream and stays logged in', async ({
  page,
}) => {
  await withAccount('learner@demo.test', async () => {
    await logIn(page, 'learner@demo.test', DEMO_PASSWORD);
    // The ids the learner may watch, from the API with the page's session.
    // A string script: the test code is compiled without DOM types.
    const token = await page.evaluate<string>(`JSON.parse(localStorage.getItem('session') ?? '{}').token`);
    const list = await page.request.get('/api/streaming', { headers: { authorization: `Bearer ${token}` } });
    expect(list.ok()).toBeTruthy();
    const watchable = ((await list.json()) as { data: { ID: number; ELEARNING: number }[] }).data;
    expect(watchable.length).toBeGreaterThan(0);
    expect(watchable.every((p) => p.ELEARNING === 1)).toBe(true);
    const forbidden = [250, 251, 252, 253, 254].find((id) => !watchable.some((p) => p.ID === id))!;

    await page.goto(`/stream/${forbidden}`);
    await expect(page.getByRole('alert')).toHaveText(NOT_AUTHORIZED);
    await page.goto(`/streams/details/${forbidden}/5001`);
    await expect(page.getByRole('alert')).toHaveText(NOT_AUTHORIZED);
    await expect(page.locator('video')).toHaveCount(0);
    // The 404 is the screen's own: no bounce to login.
    await expect(page).toHaveURL(new RegExp(`/streams/details/${forbidden}/5001$`));
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

    // Its own eLearning stream opens, with the category 17 description when it is one.
    await page.goto(`/stream/${watchable[0]!.ID}?category=17`);
    await expect(page.getByTestId('category-description')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

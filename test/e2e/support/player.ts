import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { checkoutContact, SANDBOX_VISA } from '../../support/checkout-fixtures.js';
import { DEMO_PASSWORD, registeredAccount, withApiSession } from './shop.js';

/** Product 250 (no terms); its fourth title plays generated demo video 2 (docs/demo-data.md). */
export const SERIES = { product: 250, video: 5004 } as const;
export const SERIES_VIDEO_PAGE = `/streams/details/${SERIES.product}/${SERIES.video}`;
/** The demo import runs in the background at first start (a transcode when its cache is cold). */
export const DEMO_MEDIA_WAIT_MS = 300_000;

/** The media element's properties the journeys read (the test code is compiled without DOM types). */
export interface Media {
  currentTime: number;
  duration: number;
  muted: boolean;
  paused: boolean;
  seeking: boolean;
  playbackRate: number;
  readyState: number;
  videoHeight: number;
  src: string;
  play(): Promise<void>;
  pause(): void;
}

/** Reads or drives the player's media element; `read` runs in the page, so it uses nothing from outside. */
export const media = <T>(page: Page, read: (element: Media) => T | Promise<T>): Promise<T> =>
  page.locator('[data-testid="player-frame"] video').evaluate(read as unknown as (node: unknown) => T | Promise<T>);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A new customer of its own who bought a video series (SERIES by default) through the API (sandbox
 * card), signed in on `page` without the login screen: journeys with one never wait for a shared demo
 * account, and can run again on the same shop (nothing of a demo account's state, such as accepted
 * terms, carries over).
 */
export async function seriesViewer(
  page: Page,
  productId: number = SERIES.product,
): Promise<{ email: string; token: string }> {
  const email = await registeredAccount(page.request, DEMO_PASSWORD);
  const token = await withApiSession(page, email, DEMO_PASSWORD);
  const added = await page.request.post('/api/cart/items', {
    headers: bearer(token),
    data: { PRODUCTID: productId, QTY: 1 },
  });
  expect(added.ok(), await added.text()).toBeTruthy();
  const quote = await page.request.post('/api/checkout/quote', {
    headers: bearer(token),
    data: { COUNTRY: 'USA', STATE: 'KS', SHIPPING: 1 },
  });
  const { TOTAL } = (await quote.json()) as { TOTAL: number };
  const paid = await page.request.post('/api/checkout/pay', {
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    data: { ATTJSON: checkoutContact({ STATE: 'KS' }), BILLINGJSON: null, CARD: SANDBOX_VISA, SHIPPING: 1, TOTAL },
  });
  expect(((await paid.json()) as { ERRORS: unknown[] }).ERRORS).toEqual([]);
  return { email, token };
}

/** Waits until the demo import gave SERIES.video its media (the video call's MEDIA); answers its chapters. */
export async function demoMedia(page: Page, token: string): Promise<{ START: number; TITLE: string }[]> {
  let chapters: { START: number; TITLE: string }[] = [];
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/streaming/${SERIES.product}/videos/${SERIES.video}`, {
          headers: bearer(token),
        });
        const body = (await answer.json()) as {
          data: { VIDEOS: { MEDIA: { CHAPTERS: { START: number; TITLE: string }[] } | null }[] }[];
        };
        chapters = body.data[0]?.VIDEOS[0]?.MEDIA?.CHAPTERS ?? [];
        return body.data[0]?.VIDEOS[0]?.MEDIA !== null;
      },
      { timeout: DEMO_MEDIA_WAIT_MS, intervals: [2_000] },
    )
    .toBe(true);
  return chapters;
}

/**
 * Saves a resume point for SERIES.video as a player does: a playback opened, its viewing started, a
 * heartbeat carrying the position.
 */
export async function savePosition(page: Page, token: string, seconds: number): Promise<void> {
  const viewingId = randomUUID();
  const ids = { PRODUCTID: SERIES.product, VIDEOID: SERIES.video, VIEWINGID: viewingId };
  for (const path of ['/api/streaming/playbacks', '/api/streaming/viewings']) {
    const answer = await page.request.post(path, { headers: bearer(token), data: ids });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  const beat = await page.request.post(`/api/streaming/viewings/${viewingId}/progress`, {
    headers: bearer(token),
    data: { INTERVALS: [], POSITION: seconds },
  });
  expect(beat.status(), await beat.text()).toBe(200);
}

/**
 * Plays the page's video muted (autoplay rules) as soon as its source is loaded (a play asked before
 * that is cut short by the load), and waits until the page recorded its viewing's start.
 */
export async function playMuted(page: Page): Promise<void> {
  await expect.poll(() => media(page, (v) => v.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  const started = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/streaming/viewings',
  );
  await media(page, (v) => {
    v.muted = true;
    return v.play();
  });
  expect((await started).status()).toBe(200);
}

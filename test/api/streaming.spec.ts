import type {
  FavoritesResponse,
  RedeemResponse,
  StreamDetailResponse,
  StreamListResponse,
  UserHomeResponse,
} from '#libs/contracts/streaming.js';
import { CODE_REQUIRED, NOT_AUTHORIZED, REDEEM_UNKNOWN_CODE, REDEEM_USED_CODE } from '#libs/contracts/streaming.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCatalog } from '#libs/catalog/import.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { streamingClient } from '../support/streaming-client.js';

/** Streaming over real HTTP with the demo accounts (issue 10): list, detail, video, terms, favourites, codes. */
describe('streaming API', () => {
  let shop: TestApp;
  const { call, login, video } = streamingClient(() => shop.baseUrl);
  let streamer: string;

  beforeAll(async () => {
    shop = await createTestApp({ seedDemo: true });
    streamer = await login('streamer@demo.test');
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('streamer@ lists every video series but not eLearning, with favourites', async () => {
    const { status, body } = await call<StreamListResponse>(streamer, 'GET', '/streaming');
    expect(status).toBe(200);
    expect(body.favorites).toEqual([]);
    const ids = body.data.map((p) => p.ID);
    expect(ids).toContain(250);
    expect(ids).not.toContain(253); // eLearning (category 17)
    const p250 = body.data.find((p) => p.ID === 250);
    expect(p250).toMatchObject({ PACKAGE: 'streaming_all', PURCHASED: 0, ELEARNING: 0, TOTAL: 6 });
    expect(p250?.DATA[0]?.TITLES[0]).toEqual({ ID: 5001, TITLE: expect.any(String), URL: null });
  });

  it('complete@ has the two seeded favourites', async () => {
    const token = await login('complete@demo.test');
    const { body } = await call<StreamListResponse>(token, 'GET', '/streaming');
    expect([...body.favorites].sort()).toEqual([215, 250]);
  });

  it('the detail of product 215 lists its documents with signed links', async () => {
    const { status, body } = await call<StreamDetailResponse>(streamer, 'GET', '/streaming/215');
    expect(status).toBe(200);
    expect(body.data.DOCUMENTS).toHaveLength(5);
    expect(body.data.DOCUMENTS[1]?.FILES.length).toBeGreaterThan(1);
    expect(body.data.DOCUMENTS[0]?.FILES[0]?.URL).toMatch(/^\/api\/media\/books\/215\/syllabus\.pdf\?token=/);
  });

  it('learner@ (eLearning only) is not authorised on a plain series: 404 with the spec text', async () => {
    const learner = await login('learner@demo.test');
    for (const path of ['/streaming/250', '/streaming/250/videos/5001']) {
      const { status, body } = await call(learner, 'GET', path);
      expect(status).toBe(404);
      expect(body.error).toBe(NOT_AUTHORIZED);
    }
    expect((await call(learner, 'GET', '/streaming/253')).status).toBe(200);
  });

  it('reader@ without the streaming role gets 403 on streaming pages', async () => {
    const reader = await login('reader@demo.test');
    expect((await call(reader, 'GET', '/streaming')).status).toBe(403);
  });

  it('bad ids answer 400, an unknown product or video the not-authorised 404', async () => {
    expect((await call(streamer, 'GET', '/streaming/abc')).status).toBe(400);
    expect((await call(streamer, 'GET', '/streaming/250/videos/x')).status).toBe(400);
    expect((await call(streamer, 'GET', '/streaming/99999')).status).toBe(404);
    expect((await call(streamer, 'GET', '/streaming/250/videos/1')).status).toBe(404);
  });

  it('the video flags CONFIRM for 215 until the terms are accepted, then gives the URL', async () => {
    const before = await video(streamer, 215, (await firstTitle(215)).ID);
    expect(before.status).toBe(200);
    expect(before.body.CONFIRM).toBe(true);
    expect(before.url).toBe('');
    expect((await call(streamer, 'POST', '/streaming/215/terms', { PRODUCTID: 999 })).status).toBe(400);
    const saved = await call(streamer, 'POST', '/streaming/215/terms', {});
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ saved: true });
    const after = await video(streamer, 215, (await firstTitle(215)).ID);
    expect(after.body.CONFIRM).toBe(false);
    expect(after.url).toMatch(/^\/api\/media\/video\/sample-\d\.mp4\?token=/);
  });

  it('a series without terms never flags CONFIRM; a video with a .vtt has captions', async () => {
    const { body } = await video(streamer, 250, 5003); // sample-1.mp4 has sample-1.vtt
    expect(body.CONFIRM).toBe(false);
    expect(body.data[0]?.VIDEOS[0]?.CAPTIONS).toMatch(/^\/api\/media\/video\/sample-1\.vtt\?token=/);
  });

  it('favourites: add, add again, remove; bad input 400', async () => {
    const add = await call<FavoritesResponse>(streamer, 'POST', '/streaming/favorites', { PRODUCTID: 250 });
    expect(add.body.favorites).toEqual([250]);
    const again = await call<FavoritesResponse>(streamer, 'POST', '/streaming/favorites', { PRODUCTID: 250 });
    expect(again.body.favorites).toEqual([250]);
    const list = await call<StreamListResponse>(streamer, 'GET', '/streaming');
    expect(list.body.favorites).toEqual([250]);
    const removed = await call<FavoritesResponse>(streamer, 'DELETE', '/streaming/favorites/250');
    expect(removed.body.favorites).toEqual([]);
    const bad = await call(streamer, 'POST', '/streaming/favorites', { PRODUCTID: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(['PRODUCTID must be a whole number.']);
    expect((await call(streamer, 'POST', '/streaming/favorites', { PRODUCTID: 99999 })).status).toBe(404);
  });

  it('user home: the Favorites tile shows a favourite, or no image when there is none', async () => {
    const favoritesTile = async (token: string) =>
      (await call<UserHomeResponse>(token, 'GET', '/streaming/home')).body.tiles.find((t) => t.TITLE === 'Favorites');
    expect((await call<StreamListResponse>(streamer, 'GET', '/streaming')).body.favorites).toEqual([]);
    // No favourite: no product's image stands for the category.
    expect(await favoritesTile(streamer)).toEqual({ TITLE: 'Favorites', IMAGE: '', LINK: '/streaming?category=-1' });
    await call(streamer, 'POST', '/streaming/favorites', { PRODUCTID: 252 });
    expect((await favoritesTile(streamer))?.IMAGE).toBe('assets/img/products/252/252.jpeg');
    await call(streamer, 'DELETE', '/streaming/favorites/252');
    expect((await favoritesTile(streamer))?.IMAGE).toBe('');
    // complete@'s seeded favourites are 250 and 215: its tile shows one of them.
    const complete = await login('complete@demo.test');
    expect((await favoritesTile(complete))?.IMAGE).toMatch(/^assets\/img\/products\/(250|215)\/\1\.jpeg$/);
  });

  it('the catalog decides: an import gives 250 terms and makes its topic eLearning, another takes both back', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'streaming-facts-'));
    const load = async (files: Record<string, string>) => {
      for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
      expect((await importCatalog(shop.shop.pool, dir)).errors).toEqual([]);
    };
    /** The import empties the catalog cache at its commit, heard through a NOTIFY: look until it shows. */
    const eventually = async <T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
      for (let i = 0; ; i++) {
        const value = await read();
        if (done(value) || i === 50) return value;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const [complete, learner] = await Promise.all([login('complete@demo.test'), login('learner@demo.test')]);
    const videoOf250 = (token: string) => video(token, 250, 5003);
    const listed250 = async (token: string) =>
      (await call<StreamListResponse>(token, 'GET', '/streaming')).body.data.find((p) => p.ID === 250);
    try {
      await load({
        'terms-of-use.csv': 'PRODUCTID,TEXT\n250,<p>Series terms.</p>\n',
        'categories.csv': 'ID,NAME,PARENT,MENU,KIND\n20,Rhinoplasty,0,1,elearning\n',
      });
      const confirm = await eventually(
        () => videoOf250(complete),
        (v) => v.body.CONFIRM,
      );
      expect(confirm.body).toMatchObject({ CONFIRM: true, TERMS: '<p>Series terms.</p>' });
      expect(confirm.url).toBe('');
      expect((await call(complete, 'POST', '/streaming/250/terms', {})).status).toBe(200);
      expect((await videoOf250(complete)).body.CONFIRM).toBe(false);
      // 250 sits in category 20, now eLearning: the eLearning subscriber watches it, streaming_all does not.
      const asLearner = await eventually(
        () => listed250(learner),
        (p) => p !== undefined,
      );
      expect(asLearner).toMatchObject({ ELEARNING: 1, PACKAGE: 'elearning' });
      expect((await videoOf250(streamer)).status).toBe(404);
    } finally {
      await load({
        'terms-of-use.csv': 'PRODUCTID,TEXT\n250,\n',
        'categories.csv': 'ID,NAME,PARENT,MENU,KIND\n20,Rhinoplasty,0,1,\n',
      });
      await rm(dir, { recursive: true, force: true });
    }
    expect(
      await eventually(
        () => listed250(learner),
        (p) => p === undefined,
      ),
    ).toBeUndefined();
    const back = await eventually(
      () => videoOf250(streamer),
      (v) => v.status === 200,
    );
    expect(back.body).toMatchObject({ CONFIRM: false, TERMS: '' });
  });

  describe('book codes', () => {
    it('empty, unknown and unknown-field codes answer 400 with clear texts', async () => {
      const reader = await login('reader@demo.test');
      const empty = await call(reader, 'POST', '/redeem', { code: '  ' });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe(CODE_REQUIRED);
      expect((await call(reader, 'POST', '/redeem', {})).body.error).toBe(CODE_REQUIRED);
      const unknown = await call(reader, 'POST', '/redeem', { code: 'BOOK-NOPE-NOPE' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe(REDEEM_UNKNOWN_CODE);
      expect((await call(reader, 'POST', '/redeem', { code: 'x', other: 1 })).status).toBe(400);
    });

    it('reader@ redeems a code and streams the book at once; another account then fails', async () => {
      const reader = await login('reader@demo.test');
      const redeemed = await call<RedeemResponse>(reader, 'POST', '/redeem', { code: 'book-aegb-bnzb' });
      expect(redeemed.status).toBe(200);
      expect(redeemed.body).toMatchObject({ OPEN: true, PRODUCTID: 601 });
      const list = await call<StreamListResponse>(reader, 'GET', '/streaming');
      expect(list.status).toBe(200);
      expect(list.body.data.map((p) => p.ID)).toEqual([601]);
      expect(list.body.data[0]?.PURCHASED).toBe(1);
      const book = await call<StreamDetailResponse>(reader, 'GET', '/streaming/601');
      const title = book.body.data.DATA[0]?.TITLES[0];
      expect((await video(reader, 601, title?.ID ?? 0)).url).toMatch(/^\/api\/media\//);
      const other = await call(streamer, 'POST', '/redeem', { code: 'BOOK-AEGB-BNZB' });
      expect(other.status).toBe(409);
      expect(other.body.error).toBe(REDEEM_USED_CODE);
    });

    it('two customers racing one code: one success, one clear error', async () => {
      const [a, b] = await Promise.all([login('resident@demo.test'), login('iflap@demo.test')]);
      const results = await Promise.all([
        call(a, 'POST', '/redeem', { code: 'BOOK-GX2T-TTYA' }),
        call(b, 'POST', '/redeem', { code: 'BOOK-GX2T-TTYA' }),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)?.body.error).toBe(REDEEM_USED_CODE);
      const { rows } = await shop.shop.pool.query(
        "SELECT count(*)::int AS n FROM book_code_redemptions WHERE code = 'BOOK-GX2T-TTYA'",
      );
      expect(rows[0].n).toBe(1);
    });
  });

  async function firstTitle(productId: number) {
    const { body } = await call<StreamDetailResponse>(streamer, 'GET', `/streaming/${productId}`);
    const title = body.data.DATA[0]?.TITLES[0];
    if (!title) throw new Error(`product ${productId} has no titles`);
    return title;
  }
});

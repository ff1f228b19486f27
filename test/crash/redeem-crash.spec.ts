import { REDEEM_USED_CODE, type StreamListResponse } from '#libs/contracts/streaming.js';
import { streamingClient } from '../support/streaming-client.js';
import { useCrashTest } from './crash-test.js';

/** The demo's book code for reader@demo.test (apps/api/seed/demo-streaming.json): book 601. */
const CODE = 'BOOK-AEGB-BNZB';
const BOOK = 601;

/**
 * A crash between the redeem's two steps (issue 18): the built shop runs with the fault point
 * `redeem:before-grant`, which kills it (SIGKILL, no clean-up) once CodeRedeemed is appended and before
 * the CodeRedeemed process manager granted the book. The next start runs the process manager from
 * the log (its checkpoint is still before the event): the customer has the book, the code stays used,
 * and the book is granted once, also when the customer redeems the code again.
 */
describe('a crash between redeeming a code and granting its book', () => {
  const crash = useCrashTest('redeem-crash');
  const { count } = crash;
  const redemptions = () =>
    count(`SELECT count(*) AS n FROM es_events WHERE type = 'CodeRedeemed' AND data->>'code' = $1`, [CODE]);
  const grants = () =>
    count(`SELECT count(*) AS n FROM es_events WHERE type = 'ProductAccessGranted' AND data->>'source' = $1`, [
      `bookcode:${CODE}`,
    ]);

  it('after the restart the customer streams the book, the code stays used, the book is granted once', async () => {
    const first = await crash.start({ SHOP_FAULT_POINT: 'redeem:before-grant' });
    const before = streamingClient(() => first.base);
    const reader = await before.login('reader@demo.test');
    expect((await before.call(reader, 'GET', '/streaming')).status).toBe(403); // no book yet: no streaming role

    // The process dies inside this request: no answer comes.
    await crash.killedDuring(first.shop, before.call(reader, 'POST', '/redeem', { code: CODE }));

    // What the crash left: the code used, the book not granted.
    expect(await redemptions()).toBe(1);
    expect(await grants()).toBe(0);

    const second = await crash.start();
    // The start completed the flow before the shop opened.
    expect(await grants()).toBe(1);

    const after = streamingClient(() => second.base);
    const readerAgain = await after.login('reader@demo.test');
    const list = await after.call<StreamListResponse>(readerAgain, 'GET', '/streaming');
    expect(list.status).toBe(200);
    expect(list.body.data.map((p) => p.ID)).toEqual([BOOK]);
    expect(list.body.data[0]?.PURCHASED).toBe(1);

    // The code stays used: another account is refused; the customer's own retry answers and grants nothing more.
    const other = await after.call(await after.login('streamer@demo.test'), 'POST', '/redeem', { code: CODE });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe(REDEEM_USED_CODE);
    const retry = await after.call<{ PRODUCTID: number }>(readerAgain, 'POST', '/redeem', { code: CODE });
    expect(retry.status).toBe(200);
    expect(retry.body.PRODUCTID).toBe(BOOK);
    expect(await redemptions()).toBe(1);
    expect(await grants()).toBe(1);

    // The process managers' checkpoint is past the redemption now: a third start runs nothing again.
    second.shop.child.kill('SIGTERM');
    await second.shop.exited();
    const passed = await crash.db.pool.query<{ passed: boolean }>(
      `SELECT (SELECT position FROM process_manager_checkpoints)
           >= (SELECT position FROM es_events WHERE type = 'CodeRedeemed') AS passed`,
    );
    expect(passed.rows[0]?.passed).toBe(true);
  });
});

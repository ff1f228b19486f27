import { expect, test, type Page } from '@playwright/test';
import { ROUTES, type RouteSpec } from '../../web/src/app/routes.js';
import { holdAccount } from './support/accounts.js';
import { checkoutContact } from '../support/checkout-fixtures.js';
import { axeViolations, type AxeViolation, WCAG_AA_TAGS } from './support/axe.js';
import { seriesViewer } from './support/player.js';
import { DEMO_PASSWORD, withApiSession } from './support/shop.js';
import {
  animationsSettled,
  countRequestsInFlight,
  layoutSettled,
  networkQuiet,
  pageAtRest,
} from './support/settled.js';
import { GATE_EXCEPTIONS, PASSING_THROUGH, routeOf, SEEDS, type GateRoute } from './support/gate-routes.js';

/**
 * WCAG 2.2 AA as a gate: every route of the web app's route table (web/src/app/routes.ts), for each
 * kind of visitor that sees it, at 390x844 and 1280x800, checked by axe-core with the WCAG 2.0, 2.1 and
 * 2.2 A and AA rules and every impact, and for sideways scrolling. No violation is allowed but those
 * of GATE_EXCEPTIONS, each with its reason (docs/decisions.md, "The accessibility gate").
 *
 * The pages are reached as a person reaches them: from the table's paths without parameters, then
 * through the links of the pages seen (real ids: a product, a meeting's tabs, the buyer's receipt, a
 * video), one page per route (a `*` route: one per kind of address under it, numbers aside). A route of
 * the table that no visitor reached fails the gate, so a new page is checked without anyone adding it.
 * One page per visitor, moved by the app's own navigation (`history.pushState` and a `popstate`), and
 * measured at both sizes in place: a page load and an axe-core per address would cost twice the time.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Visitor {
  name: string;
  /** The routes of the table this visitor checks. */
  checks: (route: RouteSpec) => boolean;
  /** Signs the page in; answers addresses of this visitor's own to start from, and how to let go of the account. */
  signIn: (page: Page) => Promise<{ seeds: string[]; release: () => Promise<void> }>;
}

const sees = (route: RouteSpec, role: string): boolean => Array.isArray(route.access) && route.access.includes(role);

const demo =
  (email: string) =>
  async (page: Page): Promise<{ seeds: string[]; release: () => Promise<void> }> => {
    const release = await holdAccount(email);
    await withApiSession(page, email, DEMO_PASSWORD);
    return { seeds: [], release };
  };

const VISITORS: Visitor[] = [
  {
    name: 'signed out',
    checks: (route) => route.access === 'anyone',
    // Someone else's receipt: the page says the visitor may not see it.
    signIn: async () => ({ seeds: ['/checkout/confirm/100001'], release: async () => undefined }),
  },
  {
    // A new customer who bought a video series: the public pages signed in, the account, the receipt
    // of a real order, and the streaming screens with a real series and video.
    name: 'a buyer of a series',
    checks: (route) => route.access === 'anyone' || route.access === 'signed-in' || sees(route, 'streaming'),
    signIn: async (page) => {
      const { token } = await seriesViewer(page);
      const orders = await page.request.get('/api/orders', { headers: { authorization: `Bearer ${token}` } });
      const { data } = (await orders.json()) as { data: { ONUM: string }[] };
      return { seeds: data.map((order) => `/checkout/confirm/${order.ONUM}`), release: async () => undefined };
    },
  },
  {
    name: 'cme@',
    checks: (route) => sees(route, 'cme') || route.path === 'user/account',
    signIn: demo('cme@demo.test'),
  },
  {
    name: 'cmeprint@',
    checks: (route) => sees(route, 'cmePrint') || route.path === 'user/account',
    signIn: demo('cmeprint@demo.test'),
  },
  { name: 'iflap@', checks: (route) => sees(route, 'iflap'), signIn: demo('iflap@demo.test') },
];

/**
 * What a route needs before it shows its page rather than sending the visitor back: the pay step
 * shows once the customer step stored its contact (web/src/features/checkout/customer-storage.ts).
 */
const PREPARE: Partial<Record<string, (page: Page) => Promise<void>>> = {
  'checkout/pay': (page) =>
    page.evaluate(
      `localStorage.setItem('customer', ${JSON.stringify(JSON.stringify({ contact: checkoutContact(), billing: null, shipping: 1 }))})`,
    ),
};

/**
 * What a page leaves behind that would lie over the next one: the promotion page's "added to the cart"
 * snackbar stays six seconds, across the next pages, and fades out over whatever is under it.
 */
const LEAVE: Partial<Record<string, (page: Page) => Promise<void>>> = {
  test: async (page) => {
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText('iFlap has been added to the cart')).toHaveCount(0);
  },
};

/**
 * States of a page the gate opens and checks too, at each size: the home's navigation open (the
 * drawer on a phone, the Shop menu on a desktop). Each answers how to close it again.
 */
const STATES: Partial<
  Record<string, { name: string; open: (page: Page, width: number) => Promise<() => Promise<void>> }[]>
> = {
  '': [
    {
      name: 'the navigation open',
      open: async (page, width) => {
        const opener =
          width < DESKTOP.width
            ? page.locator('header button[aria-label="Menu"]')
            : page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Shop' });
        await opener.click();
        const opened = width < DESKTOP.width ? page.getByRole('navigation', { name: 'Menu' }) : page.getByRole('menu');
        await expect(opened).toBeVisible();
        return async () => {
          await page.keyboard.press('Escape');
          await expect(opened).toBeHidden();
        };
      },
    },
  ],
};

/** Moves the app to `path` as its own links do, without a page load. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate(
    `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
  );
}

/** The app's own addresses linked from the page (same origin, path and query, no file downloads). */
async function linksOf(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...new Set([...document.querySelectorAll('a[href]')]
    .map((a) => new URL(a.getAttribute('href'), location.href))
    .filter((url) => url.origin === location.origin && !url.pathname.startsWith('/api/'))
    .map((url) => url.pathname + url.search))]`);
}

/** Installs (once per document) a count of the document's changes, and answers it. */
const CHANGES = `(window.__gateChanges ??= (() => {
  const count = { changes: 0 };
  new MutationObserver((records) => { count.changes += records.length; })
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  return count;
})()).changes`;

/**
 * axe-core's violations measured on a document that did not change while it was measured. Silence is
 * no proof of rest: a screen can start a read after the network was quiet (its chunk arrived, then it
 * rendered), and a button enabled just before the analysis was measured mid-way between grey and its
 * colour. The analysis starts once the transitions a change started have ended, and one the document
 * changed under is done again once the page is at rest.
 */
async function stableAxeViolations(page: Page): Promise<AxeViolation[]> {
  let violations: AxeViolation[] = [];
  for (let attempt = 1; attempt <= 4; attempt++) {
    const before = await page.evaluate<number>(CHANGES);
    // A change just before (a button enabled) may have started a transition: measured once it ended.
    await animationsSettled(page);
    violations = await axeViolations(page, { tags: WCAG_AA_TAGS });
    if ((await page.evaluate<number>(CHANGES)) === before) return violations;
    await pageAtRest(page);
  }
  return violations;
}

/** What the page shows at the size it has now (at rest): axe-core's violations and a sideways scroll. */
async function problemsAt(page: Page, route: GateRoute, where: string): Promise<string[]> {
  const width = page.viewportSize()?.width ?? 0;
  const excused = GATE_EXCEPTIONS.filter((exception) => exception.route === route.key && exception.width === width);
  const violations = (await stableAxeViolations(page)).filter(
    (violation) => !excused.some((exception) => exception.rule === violation.id),
  );
  // A violation on the document element names it only as ':root': its attributes say more.
  const rootAttributes = `[...document.documentElement.attributes].map((a) => a.name + '="' + a.value + '"').join(' ')`;
  const lines: string[] = [];
  for (const violation of violations) {
    const root = violation.targets.includes(':root') ? ` (<html ${await page.evaluate<string>(rootAttributes)}>)` : '';
    lines.push(`${where} at ${width} px: ${violation.id} (${violation.impact}) ${violation.targets.join(', ')}${root}`);
  }
  const overflow = await page.evaluate<number>(
    'document.documentElement.scrollWidth - document.documentElement.clientWidth',
  );
  if (overflow > 0) lines.push(`${where} at ${width} px: scrolls sideways by ${overflow} px`);
  return lines;
}

for (const visitor of VISITORS) {
  test(`accessibility gate: every page ${visitor.name} sees, at 390 and 1280 px`, async ({ page }) => {
    test.setTimeout(300_000);
    const expected = ROUTES.filter((route: RouteSpec) => visitor.checks(route) && !PASSING_THROUGH.has(route.path));
    const { seeds, release } = await visitor.signIn(page);
    try {
      await countRequestsInFlight(page);
      const quiet = networkQuiet(page);
      await page.setViewportSize(PHONE);
      await page.goto('/');
      // The promotion page first: it puts a product in the cart, so the cart and checkout show one.
      // Seeded addresses are all checked; of the addresses found in links, one per kind of page.
      const seeded = [
        '/test',
        ...seeds,
        ...expected.filter((route: RouteSpec) => !/[:*]/.test(route.path)).map((route: RouteSpec) => `/${route.path}`),
        ...expected.flatMap((route: RouteSpec) => SEEDS[route.path] ?? []),
      ];
      const queue = seeded.map((address) => ({ address, seeded: true }));
      const seen = new Set<string>();
      const reached = new Set<string>();
      const problems: string[] = [];
      let sizes = [PHONE, DESKTOP];
      while (queue.length > 0) {
        const { address, seeded } = queue.shift()!;
        const route = routeOf(address, expected);
        if (!route || (seen.has(route.key) && !seeded) || seen.has(address)) continue;
        seen.add(route.key);
        seen.add(address);
        await PREPARE[route.route.path]?.(page);
        await navigate(page, address);
        await quiet();
        await pageAtRest(page);
        // A page that sends the visitor elsewhere (an empty cart's checkout) is checked where it lands.
        const landed = routeOf(new URL(page.url()).pathname, ROUTES);
        if (landed) reached.add(landed.route.path);
        const where = `${visitor.name} on ${address}${page.url().endsWith(address) ? '' : ` (now ${new URL(page.url()).pathname})`}`;
        for (const [index, size] of sizes.entries()) {
          if (index > 0) {
            await page.setViewportSize(size);
            // A layout of the other size may load a component of its own (a lazy chunk).
            await quiet();
            await layoutSettled(page);
          }
          problems.push(...(await problemsAt(page, route, where)));
          for (const state of STATES[route.key] ?? []) {
            const close = await state.open(page, size.width);
            await layoutSettled(page);
            problems.push(...(await problemsAt(page, route, `${where}, ${state.name}`)));
            await close();
          }
        }
        sizes = sizes.reverse();
        await LEAVE[route.route.path]?.(page);
        queue.push(...(await linksOf(page)).map((link) => ({ address: link, seeded: false })));
      }
      const unreached = expected.map((route: RouteSpec) => route.path).filter((path) => !reached.has(path));
      test.info().annotations.push({
        type: 'pages checked',
        description: [...seen].filter((key) => !key.startsWith('/')).join(', '),
      });
      // Routes of the table no page of this visitor reached (add a seed to support/gate-routes.ts).
      expect({ unreached, problems }).toEqual({ unreached: [], problems: [] });
    } finally {
      await release();
    }
  });
}

import { useTestShop } from '../support/app.js';
import { type Caller, shopClient } from '../support/shop-client.js';

const YEAR = new Date().getUTCFullYear();

interface Parameter {
  name: string;
  in: string;
  schema?: { enum?: unknown[] };
}
interface Operation {
  tags?: string[];
  parameters?: Parameter[];
}

/** A path parameter's value: a test with videos, a certificate number (issued, or unknown), else 1. */
const pathValue = (name: string, number: string): string => ({ TYPE: 'streaming', ID: '258', number })[name] ?? '1';

/** The query strings tried on an operation: none, and each year (with the other query parameters set). */
function queriesOf(parameters: Parameter[]): string[] {
  const query = parameters.filter((p) => p.in === 'query');
  if (query.length === 0) return [''];
  const valueOf = (p: Parameter, year: number): string =>
    p.name === 'year' ? String(year) : p.name === 'sha256' ? '0'.repeat(64) : String(p.schema?.enum?.[0] ?? '1');
  return [
    '',
    ...[YEAR, YEAR - 1, YEAR - 2, 2019].map(
      (year) => `?${query.map((p) => `${p.name}=${encodeURIComponent(valueOf(p, year))}`).join('&')}`,
    ),
  ];
}

/**
 * Reads never write (issue 21): every GET of the CME API, as the OpenAPI document lists the operations
 * tagged `cme` (so a route added later is covered without touching this test), called by every kind of
 * caller with and without its query, leaves the event log exactly as it was.
 */
describe('the CME API: a GET never writes', () => {
  const shop = useTestShop({ seedDemo: true });
  const { call, loginAs } = shopClient(() => shop.baseUrl);
  const login = async (email: string): Promise<Caller> => ({ token: (await loginAs(email)).token });
  const eventCount = async (): Promise<number> =>
    Number((await shop.shop.pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events')).rows[0]!.n);

  it('every GET operation tagged cme leaves the event count unchanged', async () => {
    const callers: Caller[] = [
      {},
      await login('cme@demo.test'),
      await login('cmeprint@demo.test'),
      await login('learner@demo.test'),
    ];
    // A certificate issued last year, so verify and the certificate reads meet a real one too.
    const issued = await call<{ NUMBER: string }>(callers[1]!, 'POST', `/cme/certificate?year=${YEAR - 1}`);
    expect(issued.status).toBe(200);

    const document = await call<{ paths: Record<string, Record<string, Operation>> }>({}, 'GET', '/docs-json');
    const gets = Object.entries(document.body.paths)
      .filter(([, operations]) => operations.get?.tags?.includes('cme'))
      .map(([path, operations]) => ({ path, parameters: operations.get!.parameters ?? [] }));
    // The CME reads as they stand (more may be added: each is then covered here).
    expect(gets.map((g) => g.path)).toEqual(
      expect.arrayContaining([
        '/api/cme/summary',
        '/api/cme/tests',
        '/api/cme/tests/{TYPE}/{ID}',
        '/api/cme/certificate',
        '/api/cme/certificate/info',
        '/api/cme/verify/{number}',
      ]),
    );

    const before = await eventCount();
    const statuses = new Map<number, number>();
    const faults: string[] = [];
    for (const number of [issued.body.NUMBER, `${YEAR}-AAAA-AAAA-AAAA-AAAA`]) {
      for (const { path, parameters } of gets) {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValue(name, number)));
        for (const query of queriesOf(parameters)) {
          for (const who of callers) {
            const response = await fetch(`${shop.baseUrl}${url}${query}`, {
              headers: who.token ? { authorization: `Bearer ${who.token}` } : {},
            });
            await response.arrayBuffer();
            if (response.status >= 500) faults.push(`${response.status} ${url}${query}`);
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          }
        }
      }
    }
    // No fault; the reads answered (not only refusals); and none of them appended an event.
    expect(faults).toEqual([]);
    expect(statuses.get(200) ?? 0).toBeGreaterThan(10);
    expect(await eventCount()).toBe(before);
  });
});

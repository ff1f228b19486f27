import pg from 'pg';

/** Entries kept at most; past that the cache starts afresh (search terms make the key space open-ended). */
const MAX_ENTRIES = 2000;

/**
 * Responses of the public catalog API as the JSON text they were sent as, keyed by what was asked.
 * The catalog only changes through an import, which sends `NOTIFY catalog_changed` at commit: every
 * API process empties its cache then. While it cannot listen (connection lost) it serves uncached,
 * so a response is never older than the last import.
 */
export class CatalogCache {
  private readonly entries = new Map<string, Promise<string>>();
  private listener: pg.Client | null = null;
  private listening: Promise<void> | null = null;
  private closed = false;
  private readonly clearedListeners: (() => void)[] = [];

  constructor(private readonly connectionString: string | undefined) {}

  static forPool(pool: pg.Pool): CatalogCache {
    return new CatalogCache((pool as unknown as { options: pg.PoolConfig }).options.connectionString);
  }

  /** The cached text for `key`, or `compute()`'s, kept when it succeeds. Concurrent misses share one computation. */
  async get(key: string, compute: () => Promise<string>): Promise<string> {
    if (!(await this.listen())) return compute();
    const cached = this.entries.get(key);
    if (cached) return cached;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const computing = compute();
    this.entries.set(key, computing);
    computing.catch(() => this.entries.delete(key));
    return computing;
  }

  /** True while this process hears of imports (what it keeps cannot be older than the last one). */
  get hearsImports(): boolean {
    return this.listener !== null;
  }

  /** `then` runs each time the cache empties (an import, a lost listener, the close). */
  onClear(then: () => void): void {
    this.clearedListeners.push(then);
  }

  clear(): void {
    this.entries.clear();
    for (const then of this.clearedListeners) then();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.clear();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  /** True once this process hears of imports; false while it cannot (then nothing is cached). */
  private async listen(): Promise<boolean> {
    if (this.closed) return false;
    if (this.listener) return true;
    this.listening ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('error', () => {
        this.listener = null;
        this.listening = null;
        this.clear();
      });
      client.on('notification', () => this.clear());
      await client.connect();
      await client.query('LISTEN catalog_changed');
      this.clear(); // anything cached before listening may predate an import
      this.listener = client;
    })().catch(() => {
      this.listening = null;
    });
    await this.listening;
    return this.listener !== null;
  }
}

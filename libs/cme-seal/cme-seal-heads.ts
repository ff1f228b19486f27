import type { PoolClient } from 'pg';
import { cmeChainText } from '#libs/domain/cme/cme.chain.js';
import type { SealedStreamHead } from '#libs/domain/cme-seal/cme-seal.events.js';
import { compareStreams, MerkleFold, merkleLeafText } from '#libs/domain/cme-seal/merkle.js';
import type { EventStore, RecordedEvent } from '#libs/eventstore/event-store.port.js';
import { isCmeStreamEvent, sha256Hex } from './cme-log-heads.js';

/**
 * The seals' table of heads (docs/audit.md, Seals): each CME stream's head (the revision and hash of its
 * last event, and its Merkle leaf), whether it changed since the last seal recorded, and in one row the
 * log position the heads are read up to with the root over all of them. A seal reads only the events
 * after that position, updates the heads that moved (the position moves with them, page by page),
 * folds the root in one ordered scan of the table (MerkleFold: flat memory) and lists the changed heads;
 * they stay marked changed until a seal listing them is recorded. A cache of the log: a backup leaves it out
 * (libs/backup/backup-scope.ts) and the next seal after a restore reads the whole log again into it.
 * Stream ids are ASCII (`cme-{uuid}-{year}`): the table's "C" order is the seals' code-unit order.
 */
export const CME_SEAL_HEADS_SCHEMA = `
CREATE TABLE IF NOT EXISTS cme_seal_heads (
  stream text COLLATE "C" PRIMARY KEY,
  revision integer NOT NULL,
  hash text NOT NULL,
  leaf text NOT NULL,
  changed boolean NOT NULL
);
CREATE INDEX IF NOT EXISTS cme_seal_heads_changed ON cme_seal_heads (stream) WHERE changed;
CREATE TABLE IF NOT EXISTS cme_seal_position (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  position numeric(20) NOT NULL,
  heads integer NOT NULL,
  merkle_root text
)`;

/** The tables, as a backup names them. */
export const CME_SEAL_HEADS_TABLES = ['cme_seal_heads', 'cme_seal_position'] as const;

/** Events per page read after the last position; rows per page of the root's scan. */
const PAGE = 1000;
const SCAN = 5000;

/** The heads as the table holds them after reading the log: the root over all, and those changed. */
export interface SealHeads {
  /** Every CME stream's head is under it; null when the log has no CME stream. */
  merkleRoot: string | null;
  heads: number;
  /** The heads changed since the last seal recorded, in seal order. */
  changed: SealedStreamHead[];
  /** The log position read up to. */
  position: bigint;
}

/**
 * Under the sealers' advisory lock: brings the table up to the log's end, through the event store port
 * (never the log's own table), one short transaction per page (a transaction held open across the
 * reads would hide every event appended meanwhile from the projector and the relay, which read only
 * below the oldest open transaction), then answers the heads: the root folded from the table, the
 * changed ones.
 */
export async function readSealHeads(client: PoolClient, store: EventStore): Promise<SealHeads> {
  await client.query(CME_SEAL_HEADS_SCHEMA);
  await client.query(`INSERT INTO cme_seal_position (position, heads) VALUES (0, 0) ON CONFLICT DO NOTHING`);
  const { rows } = await client.query<{ position: string }>(`SELECT position::text FROM cme_seal_position`);
  let after = BigInt(rows[0]!.position);
  for (;;) {
    const page = await store.readAll(after, PAGE);
    if (page.length > 0) {
      after = page[page.length - 1]!.position;
      await client.query('BEGIN');
      try {
        await upsertHeads(client, page.filter(isCmeStreamEvent));
        await client.query(`UPDATE cme_seal_position SET position = $1`, [after.toString()]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
    if (page.length < PAGE) break;
  }
  const fold = new MerkleFold(sha256Hex);
  for (let from = ''; ;) {
    const scan = await client.query<{ stream: string; leaf: string }>(
      `SELECT stream, leaf FROM cme_seal_heads WHERE stream > $1 ORDER BY stream LIMIT ${SCAN}`,
      [from],
    );
    for (const row of scan.rows) fold.addLeaf(row.leaf);
    if (scan.rows.length < SCAN) break;
    from = scan.rows[scan.rows.length - 1]!.stream;
  }
  const changed = await client.query<SealedStreamHead>(
    `SELECT stream, revision, hash FROM cme_seal_heads WHERE changed ORDER BY stream`,
  );
  return {
    merkleRoot: fold.count === 0 ? null : fold.root(),
    heads: fold.count,
    changed: changed.rows.sort((a, b) => compareStreams(a.stream, b.stream)),
    position: after,
  };
}

/** The page's last event of each stream becomes its head, unless the table holds a later revision. */
async function upsertHeads(client: PoolClient, events: readonly RecordedEvent[]): Promise<void> {
  const last = new Map<string, RecordedEvent>();
  for (const e of events) {
    const seen = last.get(e.streamId);
    if (!seen || seen.revision < e.revision) last.set(e.streamId, e);
  }
  if (last.size === 0) return;
  const heads = [...last.values()].map((e) => ({
    stream: e.streamId,
    revision: e.revision,
    hash: sha256Hex(cmeChainText(e)),
  }));
  await client.query(
    `INSERT INTO cme_seal_heads (stream, revision, hash, leaf, changed)
     SELECT * , true FROM unnest($1::text[], $2::int[], $3::text[], $4::text[])
     ON CONFLICT (stream) DO UPDATE SET revision = EXCLUDED.revision, hash = EXCLUDED.hash, leaf = EXCLUDED.leaf,
       changed = true
     WHERE cme_seal_heads.revision < EXCLUDED.revision`,
    [
      heads.map((h) => h.stream),
      heads.map((h) => h.revision),
      heads.map((h) => h.hash),
      heads.map((h) => sha256Hex(merkleLeafText(h))),
    ],
  );
}

/**
 * After the seal was recorded: the heads it listed are no longer changed, and the root is kept. A seal
 * not recorded leaves them changed, so the next one lists them.
 */
export async function markSealed(client: PoolClient, sealed: SealHeads): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(
      `UPDATE cme_seal_heads SET changed = false
        WHERE stream = ANY($1::text[]) AND changed`,
      [sealed.changed.map((h) => h.stream)],
    );
    await client.query(`UPDATE cme_seal_position SET heads = $1, merkle_root = $2`, [sealed.heads, sealed.merkleRoot]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

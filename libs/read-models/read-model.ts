import type { PoolClient } from 'pg';
import type { RecordedEvent } from '#libs/eventstore/event-store.port.js';

/**
 * One read model: its tables (SQL next to the model it serves) and how each event changes them
 * (docs/conventions.md). The projector runtime (`projector.ts`) calls `apply` inside a transaction
 * that also stores the model's checkpoint, so each event takes effect exactly once.
 */
export interface ReadModel {
  /** Stable name; the checkpoint key. */
  readonly name: string;
  /** Bump when `schema` or `apply` changes meaning: the runtime then rebuilds the model from the log. */
  readonly version: number;
  /** Tables the model owns, dropped on rebuild. */
  readonly tables: readonly string[];
  /** DDL creating the tables (and indexes); runs after the tables were dropped, or when they are missing. */
  readonly schema: string;
  /** Event types the model reads; others are skipped without calling `apply`. */
  readonly handles: readonly string[];
  /**
   * True when `apply` sends every statement as soon as it is called (before awaiting anything) and
   * reads none of their answers: the projector then sends a whole batch's statements at once.
   */
  readonly pipelined?: boolean;
  apply(event: RecordedEvent, db: PoolClient): Promise<void>;
  /**
   * Optional: applies a whole run of events at once (those of one batch the model reads and has not
   * seen, in log order), folded per row in memory and written with multi-row statements, all sent
   * before any answer is awaited. It must leave the same rows as `apply` on each event in turn (the
   * model's spec shows it); the projector then calls it instead of `apply`. A rebuild of a log where
   * one row changes thousands of times (a viewing's heartbeats) writes it once per batch.
   */
  applyEvents?(events: readonly RecordedEvent[], db: PoolClient): Promise<void>;
}

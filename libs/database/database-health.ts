import { statfsSync } from 'node:fs';
import { type DatabaseFault, databaseFault } from './database-fault.js';

/** A disk-full or read-only fault met this recently still keeps the shop not ready. */
const RECENT_MS = 2000;
/** Less free space than one WAL segment in the embedded database's folder: its disk counts as full. */
const DISK_FULL_BELOW_BYTES = 16 * 1024 * 1024;

/** Readiness's sentence for each fault (GET /api/ready, docs/operations.md). */
export const FAULT_REASONS: Readonly<Record<DatabaseFault, string>> = {
  unreachable: 'The database cannot be reached.',
  disk_full: "The database's disk is full: it refuses every change.",
  read_only: 'The database is read-only (a standby): it refuses every change.',
};

export interface DatabaseHealthOptions {
  /** The embedded database's cluster folder, whose free space readiness reads; none with DATABASE_URL. */
  dataFolder?: string;
  now?: () => number;
  /** The free bytes of a folder's file system, or null when it cannot be read; statfs by default. */
  freeBytes?: (folder: string) => number | null;
}

function statfsFreeBytes(folder: string): number | null {
  try {
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize;
  } catch {
    return null; // the folder away is the server keeper's to say
  }
}

/**
 * What the parts of one process learnt of the database (docs/operations.md, Database outages): the
 * error filter notes every request that met a database fault, the loops note theirs (projections,
 * process managers, the Kafka relay), and the embedded server's keeper says while it is down.
 * Readiness adds this to its own probe: a disk-full or read-only fault met in the last 2 s (the probe's
 * `SELECT` still works then), the embedded server's state, and its folder's free space. Listeners
 * hear of every fault (the payment sweep runs after an outage until one sweep runs through).
 */
export class DatabaseHealth {
  private readonly lastSeen = new Map<DatabaseFault, number>();
  private readonly listeners = new Set<(fault: DatabaseFault) => void>();
  private server: string | null = null;
  private readonly now: () => number;

  constructor(private readonly options: DatabaseHealthOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Something met `error`: when it is a database fault it is remembered and told; answers the fault, or
   * null. A server unreachable while its folder's disk is full is the disk's fault: PostgreSQL stops
   * (PANIC) when it cannot write its WAL, and cannot start again until space is freed.
   */
  noteError(error: unknown): DatabaseFault | null {
    let fault = databaseFault(error);
    if (!fault) return null;
    if (fault === 'unreachable' && this.diskReason()) fault = 'disk_full';
    this.lastSeen.set(fault, this.now());
    for (const listener of [...this.listeners]) listener(fault);
    return fault;
  }

  /** The embedded server's keeper: a sentence while the server is down, null once it runs. */
  serverState(state: string | null): void {
    this.server = state;
  }

  /** `listener` hears of each database fault noted from now on; answers its removal. */
  onFault(listener: (fault: DatabaseFault) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Why the database keeps the shop from serving, beyond what readiness's own probe finds (one sentence each). */
  reasons(): string[] {
    const reasons: string[] = [];
    if (this.server) reasons.push(this.server);
    const disk = this.diskReason();
    if (disk) reasons.push(disk);
    const since = this.now() - RECENT_MS;
    for (const [fault, at] of this.lastSeen) {
      // Unreachable is the probe's to say: it tries the database itself, now.
      if (fault === 'unreachable' || at < since || (fault === 'disk_full' && disk)) continue;
      reasons.push(FAULT_REASONS[fault]);
    }
    return reasons;
  }

  private diskReason(): string | null {
    const folder = this.options.dataFolder;
    if (!folder) return null;
    const free = (this.options.freeBytes ?? statfsFreeBytes)(folder);
    if (free === null || free >= DISK_FULL_BELOW_BYTES) return null;
    return `The disk of the database's folder ${folder} is full (${Math.floor(free / 1024 / 1024)} MB free).`;
  }
}

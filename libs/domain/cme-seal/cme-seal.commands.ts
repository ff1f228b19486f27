import type { SealedStreamHead, SealTrigger } from './cme-seal.events.js';

/**
 * Records a seal of the CME log: the heads read, their root, and the signature made over them (the
 * signing is I/O, done before the decision; libs/cme-seal/seal-runner.ts).
 */
export interface SealCmeLog {
  type: 'SealCmeLog';
  trigger: SealTrigger;
  /** The schedule's period (its start, ISO 8601); null on demand. */
  period: string | null;
  sealedAt: string;
  /** The heads that changed since the seal before (with `heads`), or every head (without: the first form). */
  streams: SealedStreamHead[];
  /** How many CME streams `merkleRoot` is over (every head, from the runner's table). */
  heads?: number;
  merkleRoot: string;
  /** The hash of the latest seal the runner read (and signed over). */
  prevHash: string;
  jws: string;
  kid: string;
}

export type CmeSealCommand = SealCmeLog;

import { type CmeHasher, cmeChainText } from '../cme/cme.chain.js';
import { type Decider, DomainError } from '../kernel/decider.js';
import type { CmeSealCommand } from './cme-seal.commands.js';
import { CmeSealErrors, type CmeSealErrorCode } from './cme-seal.errors.js';
import { CME_SEAL_GENESIS_HASH, type CmeSealEvent } from './cme-seal.events.js';
import { compareStreams, merkleRoot } from './merkle.js';

export interface CmeSealState {
  /** The hash of the latest seal (its chain text), CME_SEAL_GENESIS_HASH before the first. */
  lastHash: string;
  /** The latest period a scheduled seal was recorded for. */
  lastPeriod: string | null;
  seals: number;
}

const fail = (code: CmeSealErrorCode): never => {
  throw new DomainError(code, CmeSealErrors[code]);
};

/**
 * The seals of the CME log (stream `cme-seals`): one scheduled seal per period (a second node's seal of
 * the same period records nothing), any number on demand; each lists the heads that changed since the
 * seal before it once in order (none: the root alone is sealed again) with the count of all heads its
 * root is over (a first-form command, without the count, lists every head and its root must be theirs),
 * and it chains to the seal before it (the signature covers that
 * hash, so a seal removed from the middle is seen). `hash` is SHA-256 (hex); the decider stays pure.
 */
export function createCmeSealDecider(hash: CmeHasher): Decider<CmeSealCommand, CmeSealState, CmeSealEvent> {
  return {
    initialState: { lastHash: CME_SEAL_GENESIS_HASH, lastPeriod: null, seals: 0 },
    decide(command, state) {
      if ((command.trigger === 'schedule') !== (command.period !== null)) fail('CME_SEAL_INVALID');
      if (command.period !== null && state.lastPeriod !== null && command.period <= state.lastPeriod) return [];
      const changedOnly = command.heads !== undefined;
      if (changedOnly ? command.heads! < 1 : command.streams.length === 0) fail('CME_SEAL_EMPTY');
      const ordered = command.streams.every(
        (head, i) => i === 0 || compareStreams(command.streams[i - 1]!.stream, head.stream) < 0,
      );
      if (!ordered || (changedOnly && command.streams.length > command.heads!)) fail('CME_SEAL_INVALID');
      // The root over every head is the runner's (its table of heads); a first-form seal's is over its list.
      if (
        changedOnly
          ? !/^[0-9a-f]{64}$/.test(command.merkleRoot)
          : merkleRoot(command.streams, hash) !== command.merkleRoot
      )
        fail('CME_SEAL_ROOT_MISMATCH');
      if (command.prevHash !== state.lastHash) fail('CME_SEAL_STALE');
      const { trigger, period, sealedAt, streams, merkleRoot: root, jws, kid, prevHash } = command;
      const heads = changedOnly ? { heads: command.heads! } : {};
      return [
        {
          type: 'CmeLogSealed',
          data: { sealedAt, trigger, period, streams, ...heads, merkleRoot: root, jws, kid, prevHash },
        },
      ];
    },
    evolve(state, event) {
      return {
        lastHash: hash(cmeChainText(event)),
        lastPeriod: event.data.period ?? state.lastPeriod,
        seals: state.seals + 1,
      };
    },
  };
}

import { cmeChainText } from '../cme/cme.chain.js';
import { fold } from '../kernel/decider.js';
import { givenWhenThen } from '../kernel/given-when-then.testing.js';
import type { SealCmeLog } from './cme-seal.commands.js';
import { createCmeSealDecider } from './cme-seal.decider.js';
import { CME_SEAL_GENESIS_HASH, type CmeLogSealed } from './cme-seal.events.js';
import { sealPeriod } from './cme-seal.period.js';
import { merkleRoot } from './merkle.js';

// A stand-in for SHA-256 (the domain has no crypto): any deterministic function shows the chaining.
const fakeHash = (text: string): string => `h(${text.length}:${text.slice(-16)})`;
const decider = createCmeSealDecider(fakeHash);
const given = givenWhenThen(decider);

const HEADS = [
  { stream: 'cme-a-2026', revision: 2, hash: 'a2' },
  { stream: 'cme-b-2025', revision: 0, hash: 'b0' },
];
const DAY = '2026-03-01T00:00:00.000Z';

const sealOf = (extra: Partial<SealCmeLog> = {}): SealCmeLog => {
  const streams = extra.streams ?? HEADS;
  return {
    type: 'SealCmeLog',
    trigger: 'schedule',
    period: DAY,
    sealedAt: '2026-03-01T02:00:00.000Z',
    streams,
    merkleRoot: streams.length > 0 ? merkleRoot(streams, fakeHash) : '',
    prevHash: CME_SEAL_GENESIS_HASH,
    jws: 'header.payload.signature',
    kid: 'k1',
    ...extra,
  };
};
const sealed = (command: SealCmeLog): CmeLogSealed => {
  const { type: _type, ...data } = command;
  return { type: 'CmeLogSealed', data };
};
const hashOf = (event: CmeLogSealed): string => fakeHash(cmeChainText(event));

describe('sealing the CME log (stream cme-seals)', () => {
  it('records the heads, their root, the signature and the genesis hash for the first seal', () => {
    given().when(sealOf()).then(sealed(sealOf()));
  });

  it('records one scheduled seal per period: a second node in the same period records nothing', () => {
    const first = sealed(sealOf());
    given(first)
      .when(sealOf({ prevHash: hashOf(first), sealedAt: '2026-03-01T02:00:05.000Z' }))
      .then();
    // A node whose clock is behind (an earlier period) records nothing either.
    given(first)
      .when(sealOf({ prevHash: hashOf(first), period: '2026-02-28T00:00:00.000Z' }))
      .then();
    const next = sealOf({ prevHash: hashOf(first), period: '2026-03-02T00:00:00.000Z' });
    given(first).when(next).then(sealed(next));
  });

  it('records a seal on demand whenever asked, chained to the seal before it', () => {
    const first = sealed(sealOf());
    const demand = sealOf({ trigger: 'demand', period: null, prevHash: hashOf(first) });
    given(first).when(demand).then(sealed(demand));
    // A demand does not take the schedule's period: the next scheduled seal of a new period still records.
    const state = fold(decider, [first, sealed(demand)]);
    expect(state).toEqual({ lastHash: hashOf(sealed(demand)), lastPeriod: DAY, seals: 2 });
  });

  it('refuses a seal signed over another latest seal (one recorded since): it must be signed again', () => {
    const first = sealed(sealOf());
    given(first)
      .when(sealOf({ trigger: 'demand', period: null, prevHash: CME_SEAL_GENESIS_HASH }))
      .thenFails('CME_SEAL_STALE');
  });

  it('refuses nothing to seal, heads out of order or twice, a wrong root, and a trigger without its period', () => {
    given()
      .when(sealOf({ streams: [] }))
      .thenFails('CME_SEAL_EMPTY');
    given()
      .when(sealOf({ streams: [HEADS[1]!, HEADS[0]!] }))
      .thenFails('CME_SEAL_INVALID');
    given()
      .when(sealOf({ streams: [HEADS[0]!, HEADS[0]!] }))
      .thenFails('CME_SEAL_INVALID');
    given()
      .when(sealOf({ merkleRoot: merkleRoot([HEADS[0]!], fakeHash) }))
      .thenFails('CME_SEAL_ROOT_MISMATCH');
    given()
      .when(sealOf({ period: null }))
      .thenFails('CME_SEAL_INVALID');
    given()
      .when(sealOf({ trigger: 'demand' }))
      .thenFails('CME_SEAL_INVALID');
  });
});

describe('a seal listing only the streams that changed (with the count of heads its root is over)', () => {
  const ROOT = 'a'.repeat(64);
  const changed = (extra: Partial<SealCmeLog> = {}) =>
    sealOf({ streams: [HEADS[0]!], heads: 5, merkleRoot: ROOT, ...extra });

  it('records the changed heads, the count and the root over every head, which the runner computed', () => {
    given().when(changed()).then(sealed(changed()));
  });

  it('records a seal with nothing changed: the root over every head is sealed again', () => {
    const first = sealed(changed());
    const again = changed({ streams: [], prevHash: hashOf(first), trigger: 'demand', period: null });
    given(first).when(again).then(sealed(again));
  });

  it('refuses no head at all, more changed heads than heads, heads out of order, and a root that is no SHA-256', () => {
    given()
      .when(changed({ streams: [], heads: 0 }))
      .thenFails('CME_SEAL_EMPTY');
    given()
      .when(changed({ streams: HEADS, heads: 1 }))
      .thenFails('CME_SEAL_INVALID');
    given()
      .when(changed({ streams: [HEADS[1]!, HEADS[0]!] }))
      .thenFails('CME_SEAL_INVALID');
    given()
      .when(changed({ merkleRoot: 'not-a-root' }))
      .thenFails('CME_SEAL_ROOT_MISMATCH');
  });
});

describe('the schedule period', () => {
  it('is a slice of SEAL_EVERY_HOURS from the epoch (24: the UTC day), the same on every node', () => {
    expect(sealPeriod('2026-03-01T23:59:59.999Z', 24)).toBe('2026-03-01T00:00:00.000Z');
    expect(sealPeriod('2026-03-02T00:00:00.000Z', 24)).toBe('2026-03-02T00:00:00.000Z');
    expect(sealPeriod('2026-03-01T13:10:00.000Z', 6)).toBe('2026-03-01T12:00:00.000Z');
    expect(() => sealPeriod('2026-03-01T13:10:00.000Z', 0)).toThrow();
  });
});

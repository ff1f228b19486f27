import { type Decider, DomainError } from '../kernel/decider.js';
import { type CmeHasher, cmeChainText } from './cme.chain.js';
import { evolveCertificate, issueCertificate, revokeCertificate } from './cme.certificate.js';
import type { CmeCommand, SubmitCmeTest } from './cme.commands.js';
import { CmeErrors, type CmeErrorCode } from './cme.errors.js';
import { CME_GENESIS_HASH, type CmeEvent, type CmeRecordData } from './cme.events.js';
import { refuseRetakeInCooldown } from './cme.retake.js';
import { CURRENT_CREDIT_RULE_VERSION, fromHalves, score, toHalves, validAnswers } from './cme.scoring.js';
import { type CmeState, cmeRecordKey } from './cme.state.js';

const fail = (code: CmeErrorCode): never => {
  throw new DomainError(code, CmeErrors[code]);
};

function submit(command: SubmitCmeTest, state: CmeState): CmeEvent[] {
  if (!(command.productCredits > 0)) fail('CME_NOT_CME_PRODUCT');
  if (!validAnswers(command.answers)) fail('CME_ANSWERS_INVALID');
  if (Number(command.now.slice(0, 4)) !== command.year) fail('CME_WRONG_YEAR');
  const existing = state.records[cmeRecordKey(command.testType, command.productId)];
  refuseRetakeInCooldown(
    { lastSubmitAt: existing?.submittedAt ?? null, lastLongViewAt: command.lastLongViewAt },
    command,
  );
  const others = fromHalves(toHalves(state.total) - toHalves(existing?.creditsAwarded ?? 0));
  const s = score(command.answers, command.key, command.productCredits, others);
  const data: CmeRecordData = {
    recordId: existing?.recordId ?? command.newRecordId,
    customerId: command.customerId,
    year: command.year,
    testType: command.testType,
    productId: command.productId,
    productName: command.productName,
    answers: [...command.answers],
    ...s,
    safetyCredits: command.safety ? s.creditsAwarded : 0,
    yearTotal: fromHalves(toHalves(others) + toHalves(s.creditsAwarded)),
    submittedAt: command.now,
    ruleVersion: CURRENT_CREDIT_RULE_VERSION,
    prevHash: state.lastHash,
  };
  if (!existing) return [{ type: 'CmeTestSubmitted', data }];
  return [{ type: 'CmeTestUpdated', data: { ...data, previousCredits: existing.creditsAwarded } }];
}

/**
 * The CME year decider (stream `cme-{customerId}-{year}`): scores a test, updates a repeated one,
 * holds the yearly cap of 20, issues, supersedes and revokes certificates (./cme.certificate.ts),
 * and chains every event to the one before it. `hash` is SHA-256 (hex) in production
 * (apps/api/cme/cme-hash.ts); the decider stays pure.
 */
export function createCmeDecider(hash: CmeHasher): Decider<CmeCommand, CmeState, CmeEvent> {
  return {
    initialState: { records: {}, total: 0, certificate: null, issued: {}, lastHash: CME_GENESIS_HASH },
    decide(command, state) {
      if (command.type === 'SubmitCmeTest') return submit(command, state);
      if (command.type === 'IssueCmeCertificate') return issueCertificate(command, state);
      return revokeCertificate(command, state);
    },
    evolve(state, event) {
      const lastHash = hash(cmeChainText(event));
      if (event.type === 'CmeCertificateIssued' || event.type === 'CmeCertificateRevoked') {
        return evolveCertificate(state, event, lastHash);
      }
      const d = event.data;
      const key = cmeRecordKey(d.testType, d.productId);
      const before = state.records[key]?.creditsAwarded ?? 0;
      return {
        ...state,
        records: {
          ...state.records,
          [key]: {
            recordId: d.recordId,
            testType: d.testType,
            productId: d.productId,
            productName: d.productName,
            submittedAt: d.submittedAt,
            answers: d.answers,
            creditsAwarded: d.creditsAwarded,
            safetyCredits: d.safetyCredits,
          },
        },
        total: fromHalves(toHalves(state.total) - toHalves(before) + toHalves(d.creditsAwarded)),
        lastHash,
      };
    },
  };
}

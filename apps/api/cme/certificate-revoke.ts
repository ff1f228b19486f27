import type { Pool } from 'pg';
import type { Clock } from '#libs/application/clock.js';
import { decideAndAppend } from '#libs/application/decide-and-append.js';
import { CERTIFICATE_UNKNOWN } from '#libs/contracts/cme.js';
import { type CmeCertificateRevoked, cmeStreamId } from '#libs/domain/cme/cme.events.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import type { EventStore } from '#libs/eventstore/event-store.port.js';
import { cmeCertificateByNumber } from '#libs/read-models/cme-certificates.js';
import { operatorProblem, readOperatorArguments } from '../kernel/operator-arguments.js';
import { canonicalCertificateNumber } from './certificate-number.js';
import { cmeDecider } from './cme-hash.js';
import { operatorContext } from '#libs/application/command-context.js';

/** What `npm run cme:revoke` was asked. */
export interface RevokeArguments {
  number: string;
  reason: string;
  /** The operator. */
  by: string;
}

/** Reads `NUMBER --reason "..." [--by NAME]` (the number as typed); the operator defaults to `defaultBy`. */
export function parseRevokeArguments(argv: readonly string[], defaultBy: string): RevokeArguments | { error: string } {
  const read = readOperatorArguments(argv, [], defaultBy);
  if ('error' in read) return read;
  const [number, ...extra] = read.positional;
  if (number === undefined || number.trim() === '' || extra.length > 0)
    return { error: 'Give one certificate number.' };
  const problem = operatorProblem(read);
  if (problem) return { error: problem };
  return { number: number.trim(), reason: read.reason, by: read.by };
}

export type RevokeOutcome =
  | { outcome: 'revoked'; event: CmeCertificateRevoked['data'] }
  /** Revoked before: nothing recorded now (the first revocation stands). */
  | { outcome: 'already_revoked'; event: CmeCertificateRevoked['data'] };

export interface RevokeDependencies {
  store: EventStore;
  pool: Pool;
  clock: Clock;
}

/**
 * Revokes a certificate: finds its year stream by number (as typed: canonicalCertificateNumber; the
 * certificates read model), then records
 * CmeCertificateRevoked under the one write path, as the operator, in a correlation of its own.
 * Verification then answers "Revoked on {date}: {reason}"; the year issues no new certificate. The
 * same command run again records nothing. An unknown number is a DomainError (CME_CERTIFICATE_UNKNOWN).
 */
export async function revokeCertificate(deps: RevokeDependencies, args: RevokeArguments): Promise<RevokeOutcome> {
  const row = await cmeCertificateByNumber(deps.pool, canonicalCertificateNumber(args.number));
  if (!row) throw new DomainError('CME_CERTIFICATE_UNKNOWN', CERTIFICATE_UNKNOWN);
  const streamId = cmeStreamId(row.customerId, row.year);
  const context = operatorContext(args.by);
  const command = {
    type: 'RevokeCmeCertificate' as const,
    customerId: row.customerId,
    year: row.year,
    number: row.number,
    reason: args.reason,
    by: args.by,
    now: deps.clock.now().toISOString(),
  };
  const appended = await decideAndAppend(deps.store, streamId, cmeDecider, command, context, { clock: deps.clock });
  const event = appended.events[0];
  if (event) return { outcome: 'revoked', event: event.data as CmeCertificateRevoked['data'] };
  const earlier = (await deps.store.readStream(streamId)).find(
    (e) => e.type === 'CmeCertificateRevoked' && (e.data as { number: string }).number === row.number,
  );
  if (!earlier) throw new Error(`certificate ${row.number}: the revocation was neither appended nor found`);
  return { outcome: 'already_revoked', event: earlier.data as CmeCertificateRevoked['data'] };
}

import { operatorProblem, readOperatorArguments } from '../kernel/operator-arguments.js';
import type { RefundArguments } from './refund-order.js';

/** Reads `ONUM [--amount CENTS] --reason "..." [--by NAME] [--key KEY]`; the operator defaults to `defaultBy`. */
export function parseRefundArguments(argv: readonly string[], defaultBy: string): RefundArguments | { error: string } {
  const read = readOperatorArguments(argv, ['amount', 'key'], defaultBy);
  if ('error' in read) return read;
  const [onum, ...extra] = read.positional;
  if (onum === undefined || !/^\d{1,12}$/.test(onum) || extra.length > 0) return { error: 'Give one order number.' };
  const amount = read.options.get('amount');
  if (amount !== undefined && !/^[1-9]\d{0,11}$/.test(amount)) {
    return { error: '--amount is in cents: a whole number above zero.' };
  }
  const problem = operatorProblem(read);
  if (problem) return { error: problem };
  const key = read.options.get('key')?.trim() || null;
  const { reason, by } = read;
  return { onum: Number(onum), amountCents: amount === undefined ? null : Number(amount), reason, by, key };
}

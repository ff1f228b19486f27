import type { RefundArguments } from './refund-order.js';

/** Reads `ONUM [--amount CENTS] --reason "..." [--by NAME] [--key KEY]`; the operator defaults to `defaultBy`. */
export function parseRefundArguments(argv: readonly string[], defaultBy: string): RefundArguments | { error: string } {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (!['amount', 'reason', 'by', 'key'].includes(name)) return { error: `Unknown option: ${arg}` };
    const value = argv[i + 1];
    if (value === undefined) return { error: `${arg} needs a value` };
    options.set(name, value);
    i++;
  }
  const [onum, ...extra] = positional;
  if (onum === undefined || !/^\d{1,12}$/.test(onum) || extra.length > 0) return { error: 'Give one order number.' };
  const amount = options.get('amount');
  if (amount !== undefined && !/^[1-9]\d{0,11}$/.test(amount)) {
    return { error: '--amount is in cents: a whole number above zero.' };
  }
  const reason = options.get('reason')?.trim() ?? '';
  if (reason === '') return { error: '--reason is required.' };
  const by = options.get('by')?.trim() || defaultBy.trim();
  if (by === '') return { error: '--by is required (no OS user name).' };
  const key = options.get('key')?.trim() || null;
  return { onum: Number(onum), amountCents: amount === undefined ? null : Number(amount), reason, by, key };
}

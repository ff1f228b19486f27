/** What an operator's command line gave: its positional words, its options, the reason and who ran it. */
export interface OperatorArguments {
  positional: string[];
  options: Map<string, string>;
  reason: string;
  by: string;
}

/**
 * Reads an operator command's `WORD... --name value...` with `--reason "..."` required and `--by NAME`
 * (default `defaultBy`, the OS user), refusing an option not in `names` (`reason` and `by` always
 * allowed) and one without a value. The refund and revoke commands read their own words from it.
 */
export function readOperatorArguments(
  argv: readonly string[],
  names: readonly string[],
  defaultBy: string,
): OperatorArguments | { error: string } {
  const allowed = new Set(['reason', 'by', ...names]);
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    if (!allowed.has(arg.slice(2))) return { error: `Unknown option: ${arg}` };
    const value = argv[i + 1];
    if (value === undefined) return { error: `${arg} needs a value` };
    options.set(arg.slice(2), value);
    i++;
  }
  const reason = options.get('reason')?.trim() ?? '';
  const by = options.get('by')?.trim() || defaultBy.trim();
  return { positional, options, reason, by };
}

/** The reason and operator checks both commands make after their own words. */
export function operatorProblem(read: OperatorArguments): string | null {
  if (read.reason === '') return '--reason is required.';
  if (read.by === '') return '--by is required (no OS user name).';
  return null;
}

import { canonicalCertificateNumber, newCertificateNumber } from './certificate-number.js';
import { parseRevokeArguments } from './certificate-revoke.js';

describe('certificate numbers', () => {
  it('are the year and 16 Crockford base-32 characters of 80 random bits, in groups of four', () => {
    expect(newCertificateNumber(2026, Buffer.alloc(10, 0))).toBe('2026-0000-0000-0000-0000');
    expect(newCertificateNumber(2026, Buffer.alloc(10, 0xff))).toBe('2026-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    // 0x01 0x23 ... as 5-bit groups: every bit lands in one character.
    expect(newCertificateNumber(2026, Buffer.from('0123456789abcdef0123', 'hex'))).toBe('2026-04HM-ASW9-NF6Y-Y093');
    const numbers = new Set(Array.from({ length: 1000 }, () => newCertificateNumber(2026)));
    expect(numbers.size).toBe(1000);
    for (const n of numbers) expect(n).toMatch(/^2026(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
  });

  it.each([
    ['2026-04hm-ahm9-nayv-y04h', '2026-04HM-AHM9-NAYV-Y04H'],
    ['2o26 o4HM AHM9 NAYV Yo4H', '2026-04HM-AHM9-NAYV-Y04H'],
    ['2026-ABIL-0000-0000-0000', '2026-AB11-0000-0000-0000'],
    ['202604HMAHM9NAYVY04H', '2026-04HM-AHM9-NAYV-Y04H'],
    // The first numbers (another alphabet, with L and U): only re-cased and re-dashed.
    ['2024-abcl-uvwx', '2024-ABCL-UVWX'],
    ['not a number', 'NOT A NUMBER'],
    ['2026-ABCD', '2026-ABCD'],
  ])('reads %s as %s', (typed, canonical) => {
    expect(canonicalCertificateNumber(typed)).toBe(canonical);
  });
});

describe('npm run cme:revoke arguments', () => {
  it('reads the number, the reason and the operator', () => {
    expect(
      parseRevokeArguments(['2026-0000-0000-0000-0000', '--reason', ' Issued in error ', '--by', 'ann'], 'os'),
    ).toEqual({ number: '2026-0000-0000-0000-0000', reason: 'Issued in error', by: 'ann' });
    expect(parseRevokeArguments(['--reason', 'x', 'N1'], 'os')).toEqual({ number: 'N1', reason: 'x', by: 'os' });
  });

  it.each([
    [[], 'Give one certificate number.'],
    [['N1', 'N2', '--reason', 'x'], 'Give one certificate number.'],
    [['N1'], '--reason is required.'],
    [['N1', '--reason', ' '], '--reason is required.'],
    [['N1', '--reason', 'x', '--by', ' '], '--by is required (no OS user name).'],
    [['N1', '--reason'], '--reason needs a value'],
    [['N1', '--why', 'x'], 'Unknown option: --why'],
  ])('refuses %j', (argv, error) => {
    expect(parseRevokeArguments(argv, argv.includes('--by') ? '' : 'os')).toEqual({ error });
  });
});

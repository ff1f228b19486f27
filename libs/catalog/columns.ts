import { z } from 'zod';

/**
 * Cell parsers of the import files (docs/catalog-import.md): every cell arrives as a string; an
 * empty field is null; booleans 0/1; dates YYYY-MM-DD; money integer cents; lists `;`-separated.
 * Each parser is a zod schema whose messages name what was expected and what was found.
 */

type Ctx = z.core.$RefinementCtx<string>;

function fail(ctx: Ctx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER as never;
}

const shown = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function parseInteger(value: string, ctx: Ctx, what: string, min: number, max: number): number {
  const v = value.trim();
  if (!INTEGER.test(v)) return fail(ctx, `expected ${what}, got ${shown(value)}`);
  const n = Number(v);
  if (n < min || n > max) return fail(ctx, `expected ${what} between ${min} and ${max}, got ${v}`);
  return n;
}

const INT4_MAX = 2147483647;

/** A required integer in [min, max]. */
export const int = (min = 0, max = INT4_MAX, what = 'an integer') =>
  z.string().transform((v, ctx) => (v.trim() === '' ? fail(ctx, 'is required') : parseInteger(v, ctx, what, min, max)));

/** An integer or empty (null). */
export const optInt = (min = 0, max = INT4_MAX, what = 'an integer') =>
  z.string().transform((v, ctx) => (v.trim() === '' ? null : parseInteger(v, ctx, what, min, max)));

/** Money: required integer cents ≥ 0. */
export const cents = () => int(0, INT4_MAX, 'integer cents');
/** Money or empty (null). */
export const optCents = () => optInt(0, INT4_MAX, 'integer cents');

/** A number ≥ min (decimals allowed); empty counts as `emptyAs` when given, else is an error. */
export const num = (min = 0, emptyAs?: number) =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (t === '') return emptyAs ?? fail(ctx, 'is required');
    if (!NUMBER.test(t)) return fail(ctx, `expected a number, got ${shown(v)}`);
    const n = Number(t);
    return n < min ? fail(ctx, `expected a number ≥ ${min}, got ${t}`) : n;
  });

/** Boolean 0/1 (an empty flag is 0). */
export const bool = () =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (t === '' || t === '0') return false;
    if (t === '1') return true;
    return fail(ctx, `expected 0 or 1, got ${shown(v)}`);
  });

function parseDate(value: string, ctx: Ctx): string {
  const t = value.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (!m) return fail(ctx, `expected a date YYYY-MM-DD, got ${shown(value)}`);
  const d = new Date(`${t}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== t) return fail(ctx, `not a calendar date: ${t}`);
  return t;
}

export const date = () =>
  z.string().transform((v, ctx) => (v.trim() === '' ? fail(ctx, 'is required') : parseDate(v, ctx)));
export const optDate = () => z.string().transform((v, ctx) => (v.trim() === '' ? null : parseDate(v, ctx)));

/** Required, non-empty text (trimmed). */
export const text = (max = 1000) =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (t === '') return fail(ctx, 'is required');
    return t.length > max ? fail(ctx, `longer than ${max} characters`) : t;
  });

/** Text that may be empty (''). */
export const optText = (max = 1000) =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    return t.length > max ? fail(ctx, `longer than ${max} characters`) : t;
  });

/** Text or empty (null). */
export const nullText = (max = 1000) =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (t === '') return null;
    return t.length > max ? fail(ctx, `longer than ${max} characters`) : t;
  });

/** HTML: may be empty; sanitised later, by the file's record mapping. */
export const html = () => z.string().transform((v) => v.trim());

/** One of the listed values. */
export const oneOf = <T extends string>(values: readonly T[]) =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (t === '') return fail(ctx, 'is required');
    return (values as readonly string[]).includes(t)
      ? (t as T)
      : fail(ctx, `expected one of ${values.join(', ')}, got ${shown(v)}`);
  });

/** One of the listed values, or empty (null). */
export const optOneOf = <T extends string>(values: readonly T[]) =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (t === '') return null;
    return (values as readonly string[]).includes(t)
      ? (t as T)
      : fail(ctx, `expected one of ${values.join(', ')} or empty, got ${shown(v)}`);
  });

/** Text matching a pattern (described for the message). */
export const matching = (pattern: RegExp, described: string) =>
  z.string().transform((v, ctx) => {
    const t = v.trim();
    if (t === '') return fail(ctx, 'is required');
    return pattern.test(t) ? t : fail(ctx, `expected ${described}, got ${shown(v)}`);
  });

/** A `;`-separated list; each entry checked against `allowed` when given. */
export const list = (allowed?: readonly string[], required = false) =>
  z.string().transform((v, ctx) => {
    const items = v
      .split(';')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (required && items.length === 0) return fail(ctx, 'is required');
    const bad = allowed ? items.filter((s) => !allowed.includes(s)) : [];
    return bad.length > 0
      ? fail(ctx, `unknown ${bad.map((b) => shown(b)).join(', ')} (expected ${allowed!.join(', ')})`)
      : items;
  });

import { join } from 'node:path';
import { z } from 'zod';

/**
 * Every setting the shop reads, validated once at start-up (docs/conventions.md, One system, two
 * ways to run it). A missing or wrong setting stops the process with one clear line (see
 * `loadConfig`), never a stack trace. Adapters are chosen here: DATABASE_URL (else embedded
 * PostgreSQL), EVENTSTORE_URL (else the PostgreSQL event store), KAFKA_BROKERS (else the in-process
 * bus only), SMTP_URL (else the outbox), PAYMENT_GATEWAY (the built-in sandbox gateway by default, or Stripe with its
 * STRIPE_* settings).
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** A printed statement: one line of text, trimmed, at most `max` characters; empty counts as absent (the default). */
const statement = (max: number, fallback: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(max, `must be at most ${max} characters`)
      // No line break nor other control character: a statement is printed as one paragraph.
      .refine((v) => ![...v].some((c) => c < ' ' || c === '\u007f'), { message: 'must be one line of text' })
      .default(fallback),
  );

/**
 * The demo wording of a certificate's accreditation (AMA PRA's and ACCME's statements, for a provider
 * that is none): what a shop without its own settings prints.
 */
export const DEMO_CME_STATEMENTS = {
  providerName: 'Demo Accredited CME Provider',
  accreditation:
    'The {provider} is accredited by the Accreditation Council for Continuing Medical Education (ACCME) to provide continuing medical education for physicians.',
  designation:
    'The {provider} designates this enduring material for a maximum of {credits}. Physicians should claim only the credit commensurate with the extent of their participation in the activity.',
  creditName: 'AMA PRA Category 1 Credit™',
  creditNamePlural: 'AMA PRA Category 1 Credits™',
} as const;

/** The payment gateway adapters a PAYMENT_GATEWAY setting may name. */
export const PAYMENT_GATEWAYS = ['sandbox', 'stripe'] as const;

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /** Where the embedded database and generated secrets live. */
    DATA_DIR: z.string().min(1).default('./data'),
    /** Port of the embedded PostgreSQL server (ignored with DATABASE_URL). */
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54320),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    EVENTSTORE_URL: optionalUrl(['esdb', 'esdb+discover', 'kurrentdb', 'kurrent']),
    KAFKA_BROKERS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((b) => b.trim())
              .filter(Boolean)
          : undefined,
      )
      .refine((v) => v === undefined || v.every((b) => /^[\w.-]+:\d+$/.test(b)), {
        message: 'must be a comma-separated list of host:port',
      }),
    KAFKA_TOPIC: z.string().default('shop-events'),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    /** The payment gateway adapter (libs/payments/create-payment-gateway.ts): the built-in sandbox, or Stripe. */
    PAYMENT_GATEWAY: z
      .enum(PAYMENT_GATEWAYS, { message: `must be one of: ${PAYMENT_GATEWAYS.join(', ')}` })
      .default('sandbox'),
    /** Stripe's secret API key (`sk_live_...`, `sk_test_...`): required with PAYMENT_GATEWAY=stripe. */
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(/^sk_\w+$/, 'must be a Stripe secret key (sk_...)')
      .optional(),
    /** Stripe's publishable key (`pk_...`), for Stripe.js in the browser. */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .trim()
      .regex(/^pk_\w+$/, 'must be a Stripe publishable key (pk_...)')
      .optional(),
    /** Another address for Stripe's API (a stand-in such as localstripe in the tests); absent: Stripe itself. */
    STRIPE_API_BASE: optionalUrl(['http', 'https']),
    /**
     * The address of Stripe.js the browser loads (stripeScriptUrl): absent, Stripe's own
     * (https://js.stripe.com/v3/), or the stand-in's mock under STRIPE_API_BASE.
     */
    STRIPE_JS_URL: optionalUrl(['http', 'https']),
    /** The currency of every charge (ISO 4217, lower case), as the shop's prices are in it. */
    STRIPE_CURRENCY: z
      .string()
      .regex(/^[a-z]{3}$/, 'must be a three-letter currency code in lower case (usd)')
      .default('usd'),
    /**
     * Tests only: let the Stripe gateway turn typed card details into a payment method itself. Stripe
     * takes card numbers only from its own browser fields; refused with NODE_ENV=production.
     */
    STRIPE_ALLOW_RAW_CARDS: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    /**
     * The signing secret of the Stripe webhook endpoint (docs/payments.md, Webhooks). Absent: the route
     * answers 404, as a shop without Stripe has no such endpoint.
     */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || v.startsWith('whsec_'), { message: 'must start with whsec_' }),
    /** The sender of every mail (docs/operations.md, Mail). */
    MAIL_FROM: z.string().trim().min(3).default('MedShop <no-reply@shop.localhost>'),
    /** The shop's name as its mails show it (header, greeting, footer). */
    SHOP_NAME: z.string().trim().min(1).max(80).default('MedShop'),
    /** The address customers write to; every mail's footer names it. */
    MAIL_SUPPORT_EMAIL: z
      .string()
      .trim()
      .regex(/^[^\s@<>]+@[^\s@<>]+$/, 'must be an email address')
      .default('support@shop.localhost'),
    /**
     * Days before an automatic renewal charges (RENEW_DAYS_BEFORE before the expiry) that its reminder
     * is mailed: 15 to 45, as California's Automatic Renewal Law asks for a yearly term.
     */
    RENEWAL_REMINDER_DAYS: z.coerce.number().int().min(15).max(45).default(30),
    /** Base address used in mailed links; defaults to http://localhost:PORT. */
    PUBLIC_URL: optionalUrl(['http', 'https']),
    /** Secrets: when absent in embedded mode they are generated once and kept in DATA_DIR/secrets.json. */
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DOB_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (a 256-bit key)')
      .optional(),
    /** JSON object: society id -> HMAC secret, for society sign-in. */
    SOCIETY_SECRETS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return undefined;
        try {
          const parsed: unknown = JSON.parse(v);
          return z.record(z.string(), z.string().min(16)).parse(parsed);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON object of society id to secret (16+ characters)' });
          return z.NEVER;
        }
      }),
    /** Run projections in this process (embedded mode); the scaled-out api sets it to false. */
    RUN_PROJECTIONS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Minutes between two passes of the automatic renewals (docs/payments.md, Renewals); 0: no timer. */
    RENEWALS_EVERY_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
    /**
     * What a CME certificate states of its accreditation (docs/audit.md, Certificates): the accredited
     * provider, its accreditation statement and its credit designation statement ({provider}: the
     * provider's name; {credits}: an activity's maximum with the credit's name, singular or plural).
     * The defaults are demo wording: a shop sets its accreditor's own.
     */
    CME_PROVIDER_NAME: statement(120, DEMO_CME_STATEMENTS.providerName),
    CME_ACCREDITATION_STATEMENT: statement(600, DEMO_CME_STATEMENTS.accreditation),
    CME_DESIGNATION_STATEMENT: statement(600, DEMO_CME_STATEMENTS.designation).refine((v) => v.includes('{credits}'), {
      message: 'must contain {credits} (the maximum of the activity)',
    }),
    CME_CREDIT_NAME: statement(80, DEMO_CME_STATEMENTS.creditName),
    CME_CREDIT_NAME_PLURAL: statement(80, DEMO_CME_STATEMENTS.creditNamePlural),
    /** Hours between two seals of the CME log (docs/audit.md, Seals), one at start too; 0: no timer. */
    SEAL_EVERY_HOURS: z.coerce.number().int().min(0).max(168).default(24),
    /** Serve the built web app from this process. */
    SERVE_WEB: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Seed the demo data set on an empty database. */
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Paid media (videos, captions, book documents), served only through signed URLs (docs/api.md, Streaming). */
    MEDIA_DIR: z.string().min(1).default('./media'),
    /**
     * Imported adaptive media (docs/media.md): one folder per import, written by `npm run media:import`
     * and the demo data, served only through playback tokens. Default: DATA_DIR/hls.
     */
    HLS_DIR: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** With SEED_DEMO: generate and import the demo videos at first start (needs ffmpeg; in the background). */
    DEMO_VIDEOS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** How long a signed media URL works (seconds). */
    MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** HMAC key of media URLs; derived from JWT_SECRET when absent. */
    MEDIA_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * Behind nginx (docs/operations.md, Media through nginx): the internal location prefix, e.g.
     * `/internal-media`. The media routes then authorise and answer `X-Accel-Redirect:
     * {prefix}/media/{file of MEDIA_DIR}` or `{prefix}/hls/{file of HLS_DIR}` with no body, and nginx
     * sends the file. Absent: the shop sends the bytes itself.
     */
    MEDIA_ACCEL_REDIRECT: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || /^(\/[A-Za-z0-9_-]+)+$/.test(v), {
        message: 'must be a path such as /internal-media (letters, digits, - and _, no trailing slash)',
      }),
    /** Express `trust proxy`: which proxies may set X-Forwarded-For (the per-IP login limit reads it). */
    TRUST_PROXY: z.string().default('loopback'),
    /**
     * The Bearer token GET /metrics asks for on the public port (docs/operations.md, Metrics). Absent:
     * /metrics answers 404 in production and only callers on this machine (loopback) otherwise.
     */
    METRICS_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || v.length >= 16, { message: 'must be at least 16 characters' }),
    /** A port of its own for GET /metrics (then not on the public port); the projector process serves it there. */
    METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
    /** GET /api/ready answers 503 while a read model's oldest unapplied event is older than this (seconds). */
    READY_MAX_LAG_SECONDS: z.coerce.number().min(0).max(86_400).default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where traces go by OTLP/HTTP (docs/operations.md, Traces); absent: tracing is off and costs nothing. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http', 'https']),
    /** `service.name` of the traces; default `shop-api` or `shop-projector` by process. */
    OTEL_SERVICE_NAME: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .superRefine((config, ctx) => {
    if (config.PAYMENT_GATEWAY === 'stripe' && !config.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'is required with PAYMENT_GATEWAY=stripe' });
    }
    if (config.PAYMENT_GATEWAY === 'stripe' && !config.STRIPE_PUBLISHABLE_KEY) {
      // The browser's card fields (Stripe.js) need it: without them nobody can type a card.
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_PUBLISHABLE_KEY'],
        message: 'is required with PAYMENT_GATEWAY=stripe',
      });
    }
    if (config.STRIPE_ALLOW_RAW_CARDS && config.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_ALLOW_RAW_CARDS'], message: 'must not be true in production' });
    }
  })
  .transform((config) => ({ ...config, HLS_DIR: config.HLS_DIR ?? join(config.DATA_DIR, 'hls') }));

export type Config = z.output<typeof schema>;

/** Stripe's own API address (STRIPE_API_BASE absent). */
export const STRIPE_API = 'https://api.stripe.com';

/** Stripe's own address of Stripe.js: PCI DSS wants it loaded from there, never bundled or copied. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

/**
 * The Stripe.js the browser loads: STRIPE_JS_URL when set; else, with a stand-in API (STRIPE_API_BASE,
 * localstripe), the mock it serves at /js.stripe.com/v3/; else Stripe's own.
 */
export function stripeScriptUrl(config: Pick<Config, 'STRIPE_JS_URL' | 'STRIPE_API_BASE'>): string {
  if (config.STRIPE_JS_URL) return config.STRIPE_JS_URL;
  if (config.STRIPE_API_BASE) return `${config.STRIPE_API_BASE.replace(/\/+$/, '')}/js.stripe.com/v3/`;
  return STRIPE_JS_URL;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming every bad setting. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

/** For process entry points: prints the one clear line and exits on a bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  type HttpServer,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import {
  CONCURRENT_CHANGE,
  DATABASE_DISK_FULL,
  DATABASE_READ_ONLY,
  DATABASE_UNREACHABLE,
  type ErrorBody,
  SERVER_FAULT,
} from '#libs/contracts/errors.js';
import { type DatabaseFault, databaseFault } from '#libs/database/database-fault.js';
import type { DatabaseHealth } from '#libs/database/database-health.js';
import { DomainError } from '#libs/domain/kernel/decider.js';
import { WrongExpectedRevisionError } from '#libs/eventstore/event-store.port.js';
import { INVALID_JSON } from './http-hardening.js';
import { TooManyAttempts } from './too-many-attempts.js';

/** HTTP status of each DomainError code (apps/api/domain-error-statuses.ts); codes not listed answer 400. */
export type DomainErrorStatuses = Readonly<Record<string, number>>;

function messagesOf(response: unknown, fallback: string): string[] {
  if (typeof response === 'string') return [response];
  if (response && typeof response === 'object' && 'message' in response) {
    const message = (response as { message: unknown }).message;
    if (Array.isArray(message)) return message.map(String);
    if (typeof message === 'string') return [message];
  }
  return [fallback];
}

/** The answer to a request that met a database fault (503), by fault. */
const DATABASE_ANSWERS: Readonly<Record<DatabaseFault, string>> = {
  unreachable: DATABASE_UNREACHABLE,
  disk_full: DATABASE_DISK_FULL,
  read_only: DATABASE_READ_ONLY,
};
/** Seconds a client waits before it sends a request again that met a database fault. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Nest's "no such route" message, `Cannot GET /path?query`. */
const NO_ROUTE = /^Cannot [A-Z]+ \S+$/;

/**
 * A "no such route" message without what an address may carry: the query (signed media links'
 * `?token=`) and a playback's token (`/api/hls/{token}/...`). An error never repeats a token.
 */
export function withoutTokens(message: string): string {
  if (!NO_ROUTE.test(message)) return message;
  return message.replace(/\?\S*$/, '').replace(/\/api\/hls\/[^/\s]+/, '/api/hls/{token}');
}

/**
 * The one place an error becomes an HTTP answer: every error leaves the API as
 * `{ statusCode, error, message[], ERROR }` (libs/contracts/errors.ts): `error` (and `ERROR`) is the
 * first message, the one a screen shows; `message` lists them all. A DomainError answers its code's
 * status from the merged table; a stream that moved under a write answers 409; bad input is always a
 * 4xx with its messages; a database that cannot be reached, whose disk is full or that takes no changes
 * answers 503 saying which, with Retry-After (and `database` notes it for readiness); only a real fault
 * answers 500, and its details stay in the log.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  /** `adapter` is the app's HTTP adapter (Fastify): it answers whatever response object the error came with. */
  constructor(
    private readonly domainErrorStatuses: DomainErrorStatuses,
    private readonly adapter: Pick<HttpServer, 'isHeadersSent' | 'reply' | 'setHeader'>,
    private readonly database: Pick<DatabaseHealth, 'noteError'> | null = null,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response: unknown = host.switchToHttp().getResponse();
    const { status, messages, retryAfter } = this.describe(exception);
    const error = messages[0] ?? 'Error';
    const body: ErrorBody = { statusCode: status, error, message: messages, ERROR: error };
    if (this.adapter.isHeadersSent(response)) return;
    // A throttle's refusal and a database away say when to try again.
    if (retryAfter !== undefined) this.adapter.setHeader(response, 'Retry-After', String(retryAfter));
    this.adapter.reply(response, body, status);
  }

  private describe(exception: unknown): { status: number; messages: string[]; retryAfter?: number } {
    if (exception instanceof HttpException) {
      const messages = messagesOf(exception.getResponse(), exception.message);
      const retryAfter = exception instanceof TooManyAttempts ? exception.retryAfterSeconds : undefined;
      return { status: exception.getStatus(), messages: messages.map(withoutTokens), retryAfter };
    }
    if (exception instanceof DomainError) {
      return {
        status: this.domainErrorStatuses[exception.code] ?? HttpStatus.BAD_REQUEST,
        messages: [exception.message],
      };
    }
    // A write path that appends without the retry policy (it answers CONCURRENT_CHANGE itself).
    if (exception instanceof WrongExpectedRevisionError) {
      return { status: HttpStatus.CONFLICT, messages: [CONCURRENT_CHANGE] };
    }
    // Errors raised by Fastify before routing (malformed JSON, body too large, unsupported media type)
    // carry their own 4xx status.
    const raised = exception as { status?: unknown; statusCode?: unknown } | null;
    const status = raised?.statusCode ?? raised?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const text = status === 400 ? INVALID_JSON : (exception as Error).message;
      return { status, messages: [text] };
    }
    const fault = this.database ? this.database.noteError(exception) : databaseFault(exception);
    if (fault) {
      // An outage, not a fault of ours: one line, readiness says the rest.
      this.logger.warn(`The database is away (${fault}): ${(exception as Error).message}`);
      const message = DATABASE_ANSWERS[fault];
      return { status: HttpStatus.SERVICE_UNAVAILABLE, messages: [message], retryAfter: DATABASE_RETRY_AFTER_SECONDS };
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      messages: [SERVER_FAULT],
    };
  }
}

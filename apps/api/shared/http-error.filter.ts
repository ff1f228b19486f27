import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  type HttpServer,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { ErrorBody } from '#libs/contracts/identity.js';
import { DomainError } from '#libs/domain/shared/decider.js';
import { INVALID_JSON } from './http-hardening.js';

/** HTTP status of each DomainError code; codes not listed answer 400 (the command was refused). */
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

/**
 * Every error leaves the API as `{ statusCode, error, message[] }` (libs/contracts/identity.ts):
 * `error` is the first message, the one a screen shows; `message` lists them all. Bad input is
 * always a 4xx with its messages; only a real fault answers 500, and its details stay in the log.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  /** `adapter` is the app's HTTP adapter (Fastify): it answers whatever response object the error came with. */
  constructor(
    private readonly domainErrorStatuses: DomainErrorStatuses,
    private readonly adapter: Pick<HttpServer, 'isHeadersSent' | 'reply'>,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response: unknown = host.switchToHttp().getResponse();
    const { status, messages } = this.describe(exception);
    const body: ErrorBody = { statusCode: status, error: messages[0] ?? 'Error', message: messages };
    if (this.adapter.isHeadersSent(response)) return;
    this.adapter.reply(response, body, status);
  }

  private describe(exception: unknown): { status: number; messages: string[] } {
    if (exception instanceof HttpException) {
      return { status: exception.getStatus(), messages: messagesOf(exception.getResponse(), exception.message) };
    }
    if (exception instanceof DomainError) {
      return {
        status: this.domainErrorStatuses[exception.code] ?? HttpStatus.BAD_REQUEST,
        messages: [exception.message],
      };
    }
    // Errors raised by Fastify before routing (malformed JSON, body too large, unsupported media type)
    // carry their own 4xx status.
    const raised = exception as { status?: unknown; statusCode?: unknown } | null;
    const status = raised?.statusCode ?? raised?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const text = status === 400 ? INVALID_JSON : (exception as Error).message;
      return { status, messages: [text] };
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      messages: ['Something went wrong on our side. Please try again.'],
    };
  }
}

import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import type { ErrorBody } from '#libs/contracts/identity.js';
import { DomainError } from '#libs/domain/shared/decider.js';

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

  constructor(private readonly domainErrorStatuses: DomainErrorStatuses) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, messages } = this.describe(exception);
    const body: ErrorBody = { statusCode: status, error: messages[0] ?? 'Error', message: messages };
    if (response.headersSent) return;
    response.status(status).json(body);
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
    // Errors raised by Express before routing (malformed JSON, body too large) carry their own 4xx status.
    const status = (exception as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const text = status === 400 ? 'The request body is not valid JSON.' : (exception as Error).message;
      return { status, messages: [text] };
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      messages: ['Something went wrong on our side. Please try again.'],
    };
  }
}

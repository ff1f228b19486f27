import {
  type ArgumentsHost,
  BadRequestException,
  Catch,
  ConflictException,
  type ExceptionFilter,
  HttpException,
  NotFoundException,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { CmeErrorResponse } from '#libs/contracts/cme.js';
import type { CmeErrorCode } from '#libs/domain/cme/cme.errors.js';
import { DomainError } from '#libs/domain/shared/decider.js';

/** HTTP status of each CME refusal. */
const STATUS: Record<CmeErrorCode, (message: string) => HttpException> = {
  CME_ANSWERS_INVALID: (m) => new BadRequestException(m),
  CME_NOT_CME_PRODUCT: (m) => new NotFoundException(m),
  CME_WRONG_YEAR: (m) => new BadRequestException(m),
  CME_NO_CREDITS: (m) => new ConflictException(m),
};

/** Runs a command, turning a CME DomainError into its HTTP answer. */
export async function answering<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError && error.code in STATUS) throw STATUS[error.code as CmeErrorCode](error.message);
    throw error;
  }
}

function messagesOf(exception: HttpException): string[] {
  const response = exception.getResponse();
  if (typeof response === 'string') return [response];
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.map(String);
  return [typeof message === 'string' ? message : exception.message];
}

/**
 * The CME calls' error body: the usual `{statusCode, error, message[]}` plus ERROR, the text the
 * screens show (signed-in section 8: "CME save failure shows the ERROR field from the server").
 * Only HTTP errors are caught here; anything else reaches the global filter (a 500, logged).
 */
@Catch(HttpException)
export class CmeErrorFilter implements ExceptionFilter {
  catch(exception: HttpException, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const status = exception.getStatus();
    const messages = messagesOf(exception);
    const error = messages[0] ?? 'Error';
    const body: CmeErrorResponse = { statusCode: status, error, message: messages, ERROR: error };
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}

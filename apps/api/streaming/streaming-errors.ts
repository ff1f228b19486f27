import { BadRequestException, ConflictException, HttpException, NotFoundException } from '@nestjs/common';
import { DomainError } from '#libs/domain/shared/decider.js';
import type { StreamingErrorCode } from '#libs/domain/streaming/streaming.errors.js';

/** HTTP status of each streaming refusal (the web shows the message of a redeem failure in its alert). */
const STATUS: Record<StreamingErrorCode, (message: string) => HttpException> = {
  code_required: (m) => new BadRequestException(m),
  code_unknown: (m) => new BadRequestException(m),
  code_used: (m) => new ConflictException(m),
  viewing_not_started: (m) => new NotFoundException(m),
  viewing_of_another: (m) => new NotFoundException(m),
};

/** Runs a command, turning a streaming DomainError into its HTTP answer. */
export async function answering<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError && error.code in STATUS) {
      throw STATUS[error.code as StreamingErrorCode](error.message);
    }
    throw error;
  }
}

import { type ArgumentMetadata, BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';
import { unsafeTextMessages } from './safe-text.js';

function flatten(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...flatten(e.children ?? [])]);
}

/**
 * The DTO rules, preceded by one check of every string of the body, the query and the path
 * (apps/api/kernel/safe-text.ts): a NUL or another control character, or broken Unicode, answers
 * 400 before any DTO, handler or query sees it. Values of custom decorators (the signed-in user) are
 * the server's own and are not checked.
 */
export class ShopValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const messages = unsafeTextMessages(value, metadata.data ?? '');
      if (messages.length > 0) throw new BadRequestException({ message: messages });
    }
    return super.transform(value, metadata);
  }

  /**
   * Path values stay the text the client sent: a param pipe (IdPipe) decides what spelling it takes,
   * so "251.0" or "1e3" never reach it already turned into 251 or 1000.
   */
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

/**
 * The global pipe (docs/conventions.md): strips nothing silently — an unknown field is refused —
 * and answers 400 listing every message, in the DTO's declaration order.
 */
export function createValidationPipe(): ValidationPipe {
  return new ShopValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // A value that breaks two rules with the same text (e.g. TOTAL "x") lists that text once.
    exceptionFactory: (errors) => new BadRequestException({ message: [...new Set(flatten(errors))] }),
  });
}

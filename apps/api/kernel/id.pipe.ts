import { BadRequestException, type PipeTransform } from '@nestjs/common';

/** The largest id the database's integer columns hold; beyond it nothing can exist. */
const INT_MAX = 2147483647;
const CANONICAL = /^[1-9]\d{0,14}$/;

export const idMessage = (name: string): string =>
  `${name} must be a whole number above 0, written without leading zeros.`;

/**
 * The one pipe for an id in the path (a product, a video, a meeting, a faculty member): only the
 * canonical spelling of a positive whole number passes ("251"; never "0251", "251.0", "1e3", "+251"
 * or "0"), else 400. The global validation pipe leaves path values as the client sent them, so this
 * pipe sees the raw text. Ids beyond the database's range become -1, answered 404 like any unknown id.
 */
export class IdPipe implements PipeTransform<unknown, number> {
  constructor(private readonly name = 'id') {}

  transform(value: unknown): number {
    if (typeof value !== 'string' || !CANONICAL.test(value)) {
      throw new BadRequestException({ message: [idMessage(this.name)] });
    }
    const id = Number(value);
    return id > INT_MAX ? -1 : id;
  }
}

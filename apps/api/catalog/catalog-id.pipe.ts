import { BadRequestException, type PipeTransform } from '@nestjs/common';

/**
 * A catalog id from the path: a whole number, else 400. Ids beyond the database's int range cannot
 * exist, so they become -1 (answered 404 like any unknown id) instead of a database error.
 */
export class CatalogIdPipe implements PipeTransform<string, number> {
  constructor(private readonly name = 'id') {}

  transform(value: string): number {
    if (!/^\d{1,15}$/.test(value)) throw new BadRequestException({ message: [`${this.name} must be a whole number.`] });
    const id = Number(value);
    return id > 2147483647 ? -1 : id;
  }
}

import { BadRequestException, type PipeTransform } from '@nestjs/common';

/** An id from the path: a whole number, else 400; beyond the int range -1 (no such product, 404). */
export class CatalogIdPipe implements PipeTransform<string, number> {
  constructor(private readonly name = 'id') {}

  transform(value: string): number {
    if (!/^\d{1,15}$/.test(value)) throw new BadRequestException({ message: [`${this.name} must be a whole number.`] });
    const id = Number(value);
    return id > 2147483647 ? -1 : id;
  }
}

import { BadRequestException } from '@nestjs/common';
import { IdPipe, idMessage } from './id.pipe.js';

describe('IdPipe: only the canonical spelling of a positive whole number', () => {
  const pipe = new IdPipe('productId');

  it.each([
    ['251', 251],
    ['1', 1],
    ['2147483647', 2147483647],
  ])('%s is id %d', (text, id) => {
    expect(pipe.transform(text)).toBe(id);
  });

  it('an id beyond the database range is -1 (answered 404 as unknown)', () => {
    expect(pipe.transform('2147483648')).toBe(-1);
  });

  it.each(['251.0', '0251', '1e3', '+251', '-1', '0', ' 251', '251 ', '0x10', '', '1'.repeat(16)])(
    '"%s" answers 400 naming the parameter',
    (text) => {
      expect(() => pipe.transform(text)).toThrow(BadRequestException);
      try {
        pipe.transform(text);
      } catch (error) {
        expect((error as BadRequestException).getResponse()).toEqual({ message: [idMessage('productId')] });
      }
    },
  );

  it('a value already turned into a number is refused: the pipe must see the text the client sent', () => {
    expect(() => pipe.transform(251)).toThrow(BadRequestException);
  });
});

import { readListState, withChanges, type ListOptions } from '../../web/src/lib/list-params.js';

/** The query-string rules of the paged lists (web/src/lib/list-params.ts, used by products and streaming). */
type Sort = 'NEW' | 'OLD' | 'NAME';
const OPTIONS: ListOptions<Sort> = {
  sizes: [24, 48, 96],
  defaultSize: 48,
  sorts: ['NEW', 'OLD', 'NAME'],
  defaultSort: 'NEW',
};

const read = (query: string) => readListState(new URLSearchParams(query), OPTIONS);

describe('readListState', () => {
  it('reads search, sort, page and size from the address', () => {
    expect(read('search=rhino&sort=NAME&page=3&size=96')).toEqual({ search: 'rhino', sort: 'NAME', page: 3, size: 96 });
  });

  it('falls back to the defaults when a parameter is missing', () => {
    expect(read('')).toEqual({ search: '', sort: 'NEW', page: 1, size: 48 });
  });

  it('ignores a size or sort the list does not offer', () => {
    expect(read('size=50&sort=PRICE')).toMatchObject({ size: 48, sort: 'NEW' });
    expect(read('size=&sort=')).toMatchObject({ size: 48, sort: 'NEW' });
  });

  it('reads a broken, fractional or non-positive page as a whole page of at least 1', () => {
    expect(read('page=abc').page).toBe(1);
    expect(read('page=2.7').page).toBe(2);
    expect(read('page=0').page).toBe(1);
    expect(read('page=-4').page).toBe(1);
  });
});

describe('withChanges', () => {
  it('sets the changed parameters and keeps the others (a category)', () => {
    expect(withChanges('?category=20&search=lip', { sort: 'NAME', page: 2 }).toString()).toBe(
      'category=20&search=lip&sort=NAME&page=2',
    );
  });

  it('removes a parameter set to null or to the empty string', () => {
    expect(withChanges('?search=lip&page=3&size=24', { search: '', page: null }).toString()).toBe('size=24');
  });
});

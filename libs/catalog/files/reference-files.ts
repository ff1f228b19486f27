import { z } from 'zod';
import { cents, int, matching, text } from '../columns.js';
import { type CatalogFile, keyOf, same } from './catalog-file.js';

/** Reference data: countries, states and the shipping table. */
export const REFERENCE_FILES: CatalogFile[] = [
  {
    file: 'countries.csv',
    table: 'catalog_countries',
    schema: z.object({
      CODE: matching(/^[A-Z]{3}$/, 'a 3-letter upper-case code'),
      NAME: text(200),
      ZONE: int(1, 5, 'a shipping zone 1 to 5'),
    }),
    columns: { code: 'text', name: 'text', zone: 'int' },
    key: ['code'],
    identity: (r) => keyOf(r, ['CODE']),
    toRecord: same(['code', 'CODE'], ['name', 'NAME'], ['zone', 'ZONE']),
  },
  {
    file: 'states.csv',
    table: 'catalog_states',
    schema: z.object({ KEY: matching(/^([A-Z]{2}|NOTUS)$/, '2 upper-case letters or NOTUS'), VALUE: text(200) }),
    columns: { key: 'text', value: 'text' },
    key: ['key'],
    identity: (r) => keyOf(r, ['KEY']),
    toRecord: same(['key', 'KEY'], ['value', 'VALUE']),
  },
  {
    file: 'shipping-zones.csv',
    table: 'catalog_shipping_zones',
    schema: z.object({
      ZONE: int(1, 5, 'a shipping zone 1 to 5'),
      ONETOFOUR: cents(),
      FIVETOTEN: cents(),
      ELEVENTOTWENTY: cents(),
      TWENTYPLUS: cents(),
      EXPEDITEDFEE: cents(),
    }),
    columns: {
      zone: 'int',
      onetofour: 'int',
      fivetoten: 'int',
      eleventotwenty: 'int',
      twentyplus: 'int',
      expeditedfee: 'int',
    },
    key: ['zone'],
    identity: (r) => keyOf(r, ['ZONE']),
    toRecord: same(
      ['zone', 'ZONE'],
      ['onetofour', 'ONETOFOUR'],
      ['fivetoten', 'FIVETOTEN'],
      ['eleventotwenty', 'ELEVENTOTWENTY'],
      ['twentyplus', 'TWENTYPLUS'],
      ['expeditedfee', 'EXPEDITEDFEE'],
    ),
  },
];

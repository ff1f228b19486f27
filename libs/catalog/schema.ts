import type { Pool, PoolClient } from 'pg';
import { withAdvisoryLock } from '#libs/database/transaction.js';

/**
 * The catalog tables (reference data, not event-sourced: docs/catalog-import.md). Plain tables with
 * the prefix `catalog_`, filled by the import. Products also keep columns derived on import
 * (`refresh-products.ts`): the list item as JSON, the search text, the effective price.
 */
const TABLES = `
  CREATE TABLE IF NOT EXISTS catalog_categories (
    id int PRIMARY KEY,
    name text NOT NULL,
    parent int,
    menu boolean NOT NULL,
    kind text
  );
  -- Added with categories.csv's KIND: a database made before it gains the column once, with the kinds
  -- the code held until then, so its access rules stay as they were until the next import of the file.
  DO $$
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_attribute
                    WHERE attrelid = 'catalog_categories'::regclass AND attname = 'kind' AND NOT attisdropped) THEN
      ALTER TABLE catalog_categories ADD COLUMN kind text;
      UPDATE catalog_categories SET kind = CASE WHEN id IN (10, 17) THEN 'elearning' WHEN id = 28 THEN 'safety' END;
    END IF;
  END $$;
  CREATE TABLE IF NOT EXISTS catalog_products (
    id int PRIMARY KEY,
    name text NOT NULL,
    slug text NOT NULL,
    type text NOT NULL,
    price int NOT NULL,
    sale_price int,
    pubdate date NOT NULL,
    streaming smallint NOT NULL,
    ship_weight numeric NOT NULL,
    demourl text,
    credits numeric NOT NULL,
    cme_restricted boolean NOT NULL,
    short_descr text NOT NULL,
    descr text NOT NULL,
    descr_text text NOT NULL,
    -- derived on import (refresh-products.ts)
    list_json jsonb,
    search_text text NOT NULL DEFAULT '',
    effective_price int
  );
  CREATE TABLE IF NOT EXISTS catalog_product_prices (
    product_id int NOT NULL,
    position int NOT NULL,
    type text NOT NULL,
    price int,
    sale_price int,
    PRIMARY KEY (product_id, position)
  );
  CREATE TABLE IF NOT EXISTS catalog_product_terms (
    product_id int NOT NULL,
    years int NOT NULL,
    price int NOT NULL,
    PRIMARY KEY (product_id, years)
  );
  CREATE TABLE IF NOT EXISTS catalog_terms_of_use (
    product_id int PRIMARY KEY,
    text text
  );
  CREATE TABLE IF NOT EXISTS catalog_product_categories (
    product_id int NOT NULL,
    category_id int NOT NULL,
    PRIMARY KEY (product_id, category_id)
  );
  CREATE TABLE IF NOT EXISTS catalog_product_titles (
    title_id int PRIMARY KEY,
    product_id int NOT NULL,
    position int NOT NULL,
    title text NOT NULL,
    url text NOT NULL,
    duration int
  );
  -- Added with the product page's table of contents: databases made before it gain the column.
  ALTER TABLE catalog_product_titles ADD COLUMN IF NOT EXISTS duration int;
  CREATE TABLE IF NOT EXISTS catalog_product_documents (
    product_id int NOT NULL,
    position int NOT NULL,
    title text NOT NULL,
    files text[] NOT NULL,
    PRIMARY KEY (product_id, position)
  );
  CREATE TABLE IF NOT EXISTS catalog_faculty (
    user_id int PRIMARY KEY,
    fullname text NOT NULL,
    location text NOT NULL,
    active boolean NOT NULL,
    bio text NOT NULL
  );
  CREATE TABLE IF NOT EXISTS catalog_product_faculty (
    product_id int NOT NULL,
    user_id int NOT NULL,
    PRIMARY KEY (product_id, user_id)
  );
  CREATE TABLE IF NOT EXISTS catalog_meetings (
    id int PRIMARY KEY,
    name text NOT NULL,
    menu_label text,
    hidden_in_menu boolean NOT NULL,
    start_date date NOT NULL,
    end_date date NOT NULL,
    city text NOT NULL,
    venue_name text NOT NULL,
    venue_address text NOT NULL,
    hotel_name text NOT NULL,
    hotel_address text NOT NULL,
    hotel_phone text NOT NULL,
    hotel_note text NOT NULL,
    details text NOT NULL,
    virtual text NOT NULL
  );
  CREATE TABLE IF NOT EXISTS catalog_meeting_options (
    meeting_id int NOT NULL,
    product_id int NOT NULL,
    PRIMARY KEY (meeting_id, product_id)
  );
  CREATE TABLE IF NOT EXISTS catalog_meeting_faculty (
    meeting_id int NOT NULL,
    user_id int NOT NULL,
    PRIMARY KEY (meeting_id, user_id)
  );
  CREATE TABLE IF NOT EXISTS catalog_meeting_program (
    meeting_id int NOT NULL,
    position int NOT NULL,
    day text NOT NULL,
    time text NOT NULL,
    title text NOT NULL,
    speakers text NOT NULL,
    PRIMARY KEY (meeting_id, position)
  );
  CREATE TABLE IF NOT EXISTS catalog_short_paths (
    path text PRIMARY KEY,
    meeting_id int,
    tab text,
    product_id int
  );
  CREATE TABLE IF NOT EXISTS catalog_coupons (
    code_key text PRIMARY KEY, -- lower(CODE): codes compare case-insensitively
    code text NOT NULL,
    percent numeric NOT NULL,
    amount int,
    dollarsover int NOT NULL,
    types text[] NOT NULL,
    expires date,
    auto boolean NOT NULL,
    role text,
    description text NOT NULL,
    requires int[] NOT NULL DEFAULT '{}' -- REQUIRES: products the cart must all hold (the combo's pair)
  );
  -- A table made before REQUIRES existed gains it (empty until coupons.csv is imported again).
  ALTER TABLE catalog_coupons ADD COLUMN IF NOT EXISTS requires int[] NOT NULL DEFAULT '{}';
  CREATE TABLE IF NOT EXISTS catalog_book_codes (
    code text PRIMARY KEY,
    product_id int NOT NULL
  );
  CREATE TABLE IF NOT EXISTS catalog_offers (
    offer text NOT NULL,
    uid text NOT NULL,
    product_id int NOT NULL,
    unitprice int NOT NULL,
    qty int NOT NULL,
    expires date,
    PRIMARY KEY (offer, uid)
  );
  CREATE TABLE IF NOT EXISTS catalog_countries (
    code text PRIMARY KEY,
    name text NOT NULL,
    zone int NOT NULL
  );
  CREATE TABLE IF NOT EXISTS catalog_states (
    key text PRIMARY KEY,
    value text NOT NULL
  );
  CREATE TABLE IF NOT EXISTS catalog_shipping_zones (
    zone int PRIMARY KEY,
    onetofour int NOT NULL,
    fivetoten int NOT NULL,
    eleventotwenty int NOT NULL,
    twentyplus int NOT NULL,
    expeditedfee int NOT NULL
  );
  CREATE INDEX IF NOT EXISTS catalog_product_categories_by_category ON catalog_product_categories (category_id, product_id);
  CREATE INDEX IF NOT EXISTS catalog_product_faculty_by_user ON catalog_product_faculty (user_id);
  CREATE INDEX IF NOT EXISTS catalog_product_titles_by_product ON catalog_product_titles (product_id, position);
  CREATE INDEX IF NOT EXISTS catalog_products_pubdate ON catalog_products (pubdate, id);
  CREATE INDEX IF NOT EXISTS catalog_products_name ON catalog_products (lower(name), id);
  CREATE INDEX IF NOT EXISTS catalog_products_effective_price ON catalog_products (effective_price, id);
`;

/** Whether the trigram index backs the product search (false: a plain sequential LIKE). */
export interface CatalogSchemaInfo {
  trigramSearch: boolean;
}

/**
 * Creates every catalog table and index that is missing. Idempotent and safe when several processes
 * start at once: the DDL runs under a transaction-scoped advisory lock.
 */
export function ensureCatalogSchema(pool: Pool): Promise<CatalogSchemaInfo> {
  return withAdvisoryLock(pool, 'catalog_schema', createCatalogSchema);
}

/**
 * The catalog's DDL on a connection inside a transaction the caller holds (the restore's, libs/backup);
 * pg_trgm and the search index only where the server has it.
 */
export async function createCatalogSchema(client: Pick<PoolClient, 'query'>): Promise<CatalogSchemaInfo> {
  await client.query(TABLES);
  let trigramSearch = true;
  await client.query('SAVEPOINT trgm');
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    // Substring search ("search_text LIKE '%term%'") uses this index on a large catalog.
    await client.query(
      'CREATE INDEX IF NOT EXISTS catalog_products_search ON catalog_products USING gin (search_text gin_trgm_ops)',
    );
    await client.query('RELEASE SAVEPOINT trgm');
  } catch {
    // Without pg_trgm (a server lacking contrib, or no right to create it) search still works, unindexed.
    await client.query('ROLLBACK TO SAVEPOINT trgm');
    trigramSearch = false;
  }
  return { trigramSearch };
}

/** True while no product has been imported: the start-up then imports the demo data set. */
export async function catalogIsEmpty(pool: Pool): Promise<boolean> {
  const { rows } = await pool.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM catalog_products) AS empty');
  return rows[0]?.empty ?? true;
}

import type { ShopSchema } from '#libs/backup/schema-catalog.js';
import { createCatalogSchema } from '#libs/catalog/index.js';
import { COMPACT_SCHEMA, COMPACT_TABLE } from '#libs/eventstore/postgres/compact-streams.sql.js';
import { EVENT_STORE_SCHEMA } from '#libs/eventstore/postgres/postgres-event-store.sql.js';
import { RELAY_CHECKPOINT_DDL } from '#libs/kafka/kafka-relay.js';
import { OUTBOX_SCHEMA } from '#libs/mail/mailer.js';
import { SANDBOX_GATEWAY_SCHEMA } from '#libs/payments/sandbox-gateway-store.js';
import { STRIPE_GATEWAY_SCHEMA } from '#libs/payments/stripe-gateway-store.js';
import { CME_CERTIFICATE_FILES_SCHEMA } from '#libs/read-models/cme-certificate-files.js';
import { SIGNING_KEYS_SCHEMA } from '#libs/signing/pg-signer.js';
import { CHECKOUT_PAYMENTS_SCHEMA } from '../checkout/index.js';
import { PROCESS_MANAGER_CHECKPOINTS_SCHEMA } from '../entitlements/index.js';
import { EMAIL_RESERVATIONS_SCHEMA } from '../identity/index.js';
import { PLAYBACK_LEASES_SCHEMA } from '../streaming/index.js';

type Db = Parameters<ShopSchema['create']>[0];

interface SchemaPart {
  tables: readonly string[];
  create(db: Db): Promise<unknown>;
}

const sql =
  (text: string) =>
  (db: Db): Promise<unknown> =>
    db.query(text);

/**
 * Every table a backup carries, each with the module's own DDL that creates it as the shop does at
 * start or on first use (libs/backup, ShopSchema): a restore runs exactly this code and loads the
 * file's rows into it. A table a new feature adds (and that is not a read model) is listed here, or a
 * backup of a database holding it stops naming it; shop-schema.spec.ts checks the names against what
 * the code creates.
 */
const parts: readonly SchemaPart[] = [
  { tables: ['es_events', COMPACT_TABLE], create: sql(EVENT_STORE_SCHEMA + COMPACT_SCHEMA) },
  {
    tables: [
      'catalog_book_codes',
      'catalog_categories',
      'catalog_countries',
      'catalog_coupons',
      'catalog_faculty',
      'catalog_meeting_faculty',
      'catalog_meeting_options',
      'catalog_meeting_program',
      'catalog_meetings',
      'catalog_offers',
      'catalog_product_categories',
      'catalog_product_documents',
      'catalog_product_faculty',
      'catalog_product_prices',
      'catalog_product_terms',
      'catalog_product_titles',
      'catalog_products',
      'catalog_shipping_zones',
      'catalog_short_paths',
      'catalog_states',
      'catalog_terms_of_use',
    ],
    create: createCatalogSchema,
  },
  { tables: ['checkout_payments'], create: sql(CHECKOUT_PAYMENTS_SCHEMA) },
  { tables: ['cme_certificate_files'], create: sql(CME_CERTIFICATE_FILES_SCHEMA) },
  { tables: ['email_reservations'], create: sql(EMAIL_RESERVATIONS_SCHEMA) },
  { tables: ['mail_outbox'], create: sql(OUTBOX_SCHEMA) },
  { tables: ['playback_leases'], create: sql(PLAYBACK_LEASES_SCHEMA) },
  { tables: ['process_manager_checkpoints'], create: sql(PROCESS_MANAGER_CHECKPOINTS_SCHEMA) },
  { tables: ['relay_checkpoints'], create: sql(RELAY_CHECKPOINT_DDL) },
  {
    tables: ['sandbox_gateway_charges', 'sandbox_gateway_refunds', 'sandbox_gateway_tokens'],
    create: sql(SANDBOX_GATEWAY_SCHEMA),
  },
  { tables: ['signing_keys'], create: sql(SIGNING_KEYS_SCHEMA) },
  { tables: ['stripe_gateway_keys', 'stripe_gateway_refunds'], create: sql(STRIPE_GATEWAY_SCHEMA) },
];

export const shopSchema: ShopSchema = {
  tables: parts.flatMap((part) => part.tables),
  async create(db) {
    for (const part of parts) await part.create(db);
  },
};

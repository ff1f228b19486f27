import type { Pool } from 'pg';
import type { FacultySummary, Meeting, MeetingSummary, ProductType, ShortPath } from '#libs/contracts/catalog.js';
import type { Receipt } from '#libs/contracts/cart.js';
import { FACULTY_SUMMARY_COLUMNS } from './faculty.queries.js';

type Db = Pick<Pool, 'query'>;

const SUMMARY_COLUMNS = `
  m.id AS "ID", m.name AS "NAME", m.menu_label AS "MENU_LABEL", m.hidden_in_menu AS "HIDDEN_IN_MENU",
  to_char(m.start_date, 'YYYY-MM-DD') AS "START_DATE", to_char(m.end_date, 'YYYY-MM-DD') AS "END_DATE", m.city AS "CITY"`;

/** Every meeting, hidden ones too (the web app builds the menu from MENU_LABEL and HIDDEN_IN_MENU). */
export async function listMeetings(db: Db): Promise<MeetingSummary[]> {
  const { rows } = await db.query<MeetingSummary>(
    `SELECT ${SUMMARY_COLUMNS} FROM catalog_meetings m ORDER BY m.start_date, m.id`,
  );
  return rows;
}

interface MeetingRow extends MeetingSummary {
  DETAILS: string;
  VIRTUAL: string;
  venue_name: string;
  venue_address: string;
  hotel_name: string;
  hotel_address: string;
  hotel_phone: string;
  hotel_note: string;
}

/** A meeting with its tabs: details, venue and hotel, what can be bought, virtual, faculty, program. */
export async function findMeeting(db: Db, id: number): Promise<Meeting | null> {
  const { rows } = await db.query<MeetingRow>(
    `SELECT ${SUMMARY_COLUMNS}, m.details AS "DETAILS", m.virtual AS "VIRTUAL", m.venue_name, m.venue_address,
            m.hotel_name, m.hotel_address, m.hotel_phone, m.hotel_note
       FROM catalog_meetings m WHERE m.id = $1`,
    [id],
  );
  const m = rows[0];
  if (!m) return null;
  const [options, faculty, program] = await Promise.all([
    db.query<{ PRODUCTID: number; NAME: string; TYPE: ProductType; PRICE: number }>(
      `SELECT p.id AS "PRODUCTID", p.name AS "NAME", p.type AS "TYPE", p.effective_price AS "PRICE"
         FROM catalog_meeting_options o JOIN catalog_products p ON p.id = o.product_id
        WHERE o.meeting_id = $1 ORDER BY p.effective_price DESC, p.id`,
      [id],
    ),
    db.query<FacultySummary>(
      `SELECT ${FACULTY_SUMMARY_COLUMNS}
         FROM catalog_meeting_faculty mf JOIN catalog_faculty f ON f.user_id = mf.user_id
        WHERE mf.meeting_id = $1 ORDER BY f.fullname, f.user_id`,
      [id],
    ),
    db.query<{ DAY: string; TIME: string; TITLE: string; SPEAKERS: string }>(
      `SELECT day AS "DAY", time AS "TIME", title AS "TITLE", speakers AS "SPEAKERS"
         FROM catalog_meeting_program WHERE meeting_id = $1 ORDER BY position`,
      [id],
    ),
  ]);
  const { venue_name, venue_address, hotel_name, hotel_address, hotel_phone, hotel_note, ...meeting } = m;
  return {
    ...meeting,
    VENUE: venue_name || venue_address ? { NAME: venue_name, ADDRESS: venue_address } : null,
    HOTEL:
      hotel_name || hotel_address || hotel_phone || hotel_note
        ? { NAME: hotel_name, ADDRESS: hotel_address, PHONE: hotel_phone, NOTE: hotel_note }
        : null,
    OPTIONS: options.rows,
    FACULTY: faculty.rows,
    PROGRAM: program.rows,
  };
}

export async function listShortPaths(db: Db): Promise<ShortPath[]> {
  const { rows } = await db.query<ShortPath>(
    `SELECT path AS "PATH", meeting_id AS "MEETING_ID", tab AS "TAB", product_id AS "PRODUCT_ID"
       FROM catalog_short_paths ORDER BY path`,
  );
  return rows;
}

/** Event products whose receipt shows venue or hotel info (signed-in section 2, Checkout). */
export const RECEIPT_EVENT_PRODUCTS = [235, 503, 509, 511, 517, 520, 547];

/** One entry of a receipt's EVENTS: an event meeting with its venue and hotel. */
export type ReceiptEventInfo = Receipt['EVENTS'][number];

/** The receipt's EVENTS: each event meeting (RECEIPT_EVENT_PRODUCTS) among the bought products or their options. */
export async function receiptEvents(db: Db, productIds: readonly number[]): Promise<ReceiptEventInfo[]> {
  const { rows } = await db.query<ReceiptEventInfo>(
    `SELECT m.id AS "PRODUCTID", m.name AS "NAME",
            NULLIF(concat_ws(', ', NULLIF(m.venue_name, ''), NULLIF(m.venue_address, '')), '') AS "VENUE",
            NULLIF(concat_ws(', ', NULLIF(m.hotel_name, ''), NULLIF(m.hotel_address, ''), NULLIF(m.hotel_phone, '')), '')
              AS "HOTEL"
       FROM catalog_meetings m
      WHERE m.id = ANY($2::int[])
        AND (m.id = ANY($1::int[])
             OR EXISTS (SELECT 1 FROM catalog_meeting_options o WHERE o.meeting_id = m.id AND o.product_id = ANY($1::int[])))
      ORDER BY m.id`,
    [productIds, RECEIPT_EVENT_PRODUCTS],
  );
  return rows;
}

/**
 * The meeting a product registers for, when that meeting is over: its last day (END_DATE) is before
 * `today` (YYYY-MM-DD in the shop's day, UTC, as the cart's today()). Null for any other product.
 */
export async function pastMeetingOf(db: Db, productId: number, today: string): Promise<{ NAME: string } | null> {
  const { rows } = await db.query<{ NAME: string }>(
    `SELECT m.name AS "NAME"
       FROM catalog_meetings m
      WHERE m.end_date < $2::date
        AND (m.id = $1 OR EXISTS (SELECT 1 FROM catalog_meeting_options o WHERE o.meeting_id = m.id AND o.product_id = $1))
      ORDER BY m.end_date DESC LIMIT 1`,
    [productId, today],
  );
  return rows[0] ?? null;
}

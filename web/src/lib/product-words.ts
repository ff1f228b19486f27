/**
 * The customer's words for the internal item TYPE (storefront section 3: book formats, BOTH, STREAMING,
 * STREAMING_ALL, qmpcomplete, elearning, event, pulse, cme, iflap): what the cart, checkout and receipt show.
 */
const TYPE_WORDS: Record<string, string> = {
  BOOK: 'Printed book',
  STREAMING: 'Streaming',
  BOTH: 'Printed book + streaming',
  STREAMING_ALL: 'Yearly subscription',
  qmpcomplete: 'Yearly subscription',
  elearning: 'Yearly subscription',
  pulse: 'Yearly subscription',
  event: 'Meeting registration',
  cme: 'CME credit',
  iflap: 'App',
};

/** "Printed book" for BOOK, ...; an unknown type reads as itself. */
export const typeWords = (type: string): string => TYPE_WORDS[type] ?? type;

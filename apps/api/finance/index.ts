/** The public surface of the finance export (what other modules of apps/api may import). */
export { dollars } from './finance-csv.js';

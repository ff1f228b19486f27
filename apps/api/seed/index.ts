/**
 * The public surface of the seed folder: its demo data. Seeding itself (demo-accounts.ts) is started by
 * the composition root (bootstrap.ts), which may import any module's files.
 */
import demoSocieties from './demo-society.json' with { type: 'json' };

/** The demo society: known to society sign-in only while the demo data is seeded (SEED_DEMO). */
export const DEMO_SOCIETY_ID = 'demo-society';
export { demoSocieties };

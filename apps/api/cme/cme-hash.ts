import { createHash } from 'node:crypto';
import { createCmeDecider } from '#libs/domain/cme/cme.decider.js';

/** SHA-256 (hex) of a CME event's chain text (libs/domain/cme/cme.chain.ts). */
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The CME decider with the real hash: the API, the seed and the audit all use this one. */
export const cmeDecider = createCmeDecider(sha256Hex);

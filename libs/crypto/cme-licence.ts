import { decryptDob, encryptDob } from './dob.js';

/**
 * The CME info tab's licence fields at rest (the PARS export's learner identifiers): the state medical
 * licence (state and number) and the ABMS certifying board id, each optional. Encrypted as the date of
 * birth is (AES-256-GCM, key DOB_ENCRYPTION_KEY, ./dob.ts), as one JSON value: the log shows neither
 * the values nor which of them were given.
 */
export interface CmeLicence {
  /** Two-letter USPS code of the licensing state; null when not given. */
  licenseState: string | null;
  licenseNumber: string | null;
  /** The physician's id at their ABMS certifying board; null when not given. */
  boardId: string | null;
}

export const NO_CME_LICENCE: CmeLicence = { licenseState: null, licenseNumber: null, boardId: null };

export function encryptCmeLicence(licence: CmeLicence, hexKey: string): string {
  const { licenseState, licenseNumber, boardId } = licence;
  return encryptDob(JSON.stringify({ licenseState, licenseNumber, boardId }), hexKey);
}

/** Throws when the value was tampered with, encrypted under another key, or is not a licence. */
export function decryptCmeLicence(encrypted: string, hexKey: string): CmeLicence {
  const value: unknown = JSON.parse(decryptDob(encrypted, hexKey));
  const field = (name: keyof CmeLicence): string | null => {
    const v = (value as Record<string, unknown> | null)?.[name];
    if (v === null || typeof v === 'string') return v;
    throw new Error('Not an encrypted CME licence');
  };
  return { licenseState: field('licenseState'), licenseNumber: field('licenseNumber'), boardId: field('boardId') };
}

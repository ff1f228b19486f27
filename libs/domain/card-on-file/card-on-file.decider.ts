import type { Decider } from '../kernel/decider.js';
import type { CardSavedOnFile } from './card-on-file.events.js';

/** Keep a paying card on file: the gateway's token, brand, last four and expiry (signed-in section 3 "Card"). */
export interface SaveCardOnFile {
  type: 'SaveCardOnFile';
  customerId: string;
  token: string;
  brand: string;
  last4: string;
  month: string;
  year: string;
  now: string;
}

export interface CardOnFileState {
  token: string | null;
}

/** Saving the same token again appends nothing; anything but four digits as the last four is never kept. */
export const cardOnFileDecider: Decider<SaveCardOnFile, CardOnFileState, CardSavedOnFile> = {
  initialState: { token: null },
  decide(command, state) {
    if (state.token === command.token) return [];
    if (!/^\d{4}$/.test(command.last4)) return [];
    const { customerId, token, brand, last4, month, year, now } = command;
    return [{ type: 'CardSavedOnFile', data: { customerId, token, brand, last4, month, year, savedAt: now } }];
  },
  evolve(state, event) {
    return event.type === 'CardSavedOnFile' ? { token: event.data.token } : state;
  },
};

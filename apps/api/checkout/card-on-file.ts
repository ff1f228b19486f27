import type { Decider } from '#libs/domain/shared/decider.js';
import type { CardSavedOnFile } from '#libs/read-models/cards.js';

/**
 * The card on file (stream `card-{customerId}`): only the gateway's token with brand, last four and
 * expiry enter the event (DESIGN.md section 3). Saving the same token again appends nothing.
 */
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

export const cardStreamId = (customerId: string): string => `card-${customerId}`;

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

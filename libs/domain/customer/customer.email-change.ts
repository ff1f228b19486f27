import { DomainError } from '../kernel/decider.js';
import type { ConfirmEmailChange, EmailChangeTokens, UndoEmailChange } from './customer.commands.js';
import { type CustomerErrorCode, CustomerErrors } from './customer.errors.js';
import type { CustomerEvent } from './customer.events.js';

/**
 * An email change (signed-in section 2, the profile's email): asked for with the current password,
 * it takes effect only once the link mailed to the new address is followed; the old address gets a
 * link to undo it, before or after it took effect. Pure.
 */

/** Confirm and undo links: the confirm link as long as a validation link, the undo link a month. */
export const EMAIL_CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const EMAIL_UNDO_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A requested change not yet confirmed: login and mail stay on the account's email meanwhile. */
export interface PendingEmail {
  email: string;
  tokenHash: string;
  expiresAt: string;
}

/** The undo link of the latest change: it cancels a pending change or reverses a confirmed one. */
export interface EmailUndo {
  tokenHash: string;
  expiresAt: string;
  previousEmail: string;
  newEmail: string;
}

export interface EmailChangeState {
  pendingEmail: PendingEmail | null;
  emailUndo: EmailUndo | null;
}

export const initialEmailChange: EmailChangeState = { pendingEmail: null, emailUndo: null };

/** What the email change reads of the customer. */
export interface EmailChangeView extends EmailChangeState {
  email: string;
  activeSessions: readonly string[];
}

const fail = (code: CustomerErrorCode): never => {
  throw new DomainError(code, CustomerErrors[code]);
};

const live = (token: { tokenHash: string; expiresAt: string } | null, tokenHash: string, now: string): boolean =>
  token !== null && token.tokenHash === tokenHash && Date.parse(now) < Date.parse(token.expiresAt);

/** Whether saving `email` asks for a change: neither the account's address nor the one already pending. */
export const asksEmailChange = (email: string, view: Pick<EmailChangeView, 'email' | 'pendingEmail'>): boolean =>
  email !== view.email && email !== view.pendingEmail?.email;

/** The request of a profile save that names a new email (the caller checked that it asks one). */
export function requestEmailChange(
  customerId: string,
  newEmail: string,
  tokens: EmailChangeTokens,
  view: Pick<EmailChangeView, 'email'>,
  now: string,
): CustomerEvent {
  return {
    type: 'EmailChangeRequested',
    data: { customerId, email: view.email, newEmail, ...tokens, requestedAt: now },
  };
}

export function decideEmailChange(
  command: ConfirmEmailChange | UndoEmailChange,
  customerId: string,
  view: EmailChangeView,
): CustomerEvent[] {
  if (command.expectedEmail.toLowerCase() !== view.email) return fail('email_changed_meanwhile');
  if (command.type === 'ConfirmEmailChange') {
    const pending = view.pendingEmail;
    if (pending === null || !live(pending, command.tokenHash, command.now)) return fail('invalid_email_change_link');
    return [
      {
        type: 'EmailChangeConfirmed',
        data: { customerId, previousEmail: view.email, email: pending.email, confirmedAt: command.now },
      },
    ];
  }
  const undo = view.emailUndo;
  if (undo === null || !live(undo, command.tokenHash, command.now)) return fail('invalid_email_change_link');
  const restored = view.pendingEmail === null;
  // A confirmed change is reversed only while the account still has the address it gave.
  if (restored && view.email !== undo.newEmail) return fail('invalid_email_change_link');
  const undone: CustomerEvent = {
    type: 'EmailChangeUndone',
    data: {
      customerId,
      email: undo.previousEmail,
      cancelledEmail: undo.newEmail,
      restored,
      undoneAt: command.now,
    },
  };
  // Whoever asked for the change knew the password: every session ends, the owner logs in again.
  const ended: CustomerEvent[] = view.activeSessions.map((sessionId) => ({
    type: 'SessionEnded',
    data: { customerId, sessionId, endedAt: command.now, reason: 'email_change_undone' },
  }));
  return [undone, ...ended];
}

/** The email change's part of `evolve`: null when the event is none of its business. */
export function evolveEmailChange(state: EmailChangeState, event: CustomerEvent): EmailChangeState | null {
  switch (event.type) {
    case 'EmailChangeRequested': {
      const d = event.data;
      return {
        pendingEmail: { email: d.newEmail, tokenHash: d.confirmTokenHash, expiresAt: d.expiresAt },
        emailUndo: {
          tokenHash: d.undoTokenHash,
          expiresAt: d.undoExpiresAt,
          previousEmail: d.email,
          newEmail: d.newEmail,
        },
      };
    }
    case 'EmailChangeConfirmed':
      // The undo link keeps working after the change took effect.
      return { ...state, pendingEmail: null };
    case 'EmailChangeUndone':
      return { pendingEmail: null, emailUndo: null };
    default:
      return null;
  }
}

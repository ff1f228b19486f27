import { type Decider, DomainError } from '../kernel/decider.js';
import { type AccountState, decideAccount, evolveAccount, initialAccount } from './customer.account.js';
import type { CustomerCommand } from './customer.commands.js';
import {
  decideEmailChange,
  type EmailChangeState,
  evolveEmailChange,
  initialEmailChange,
} from './customer.email-change.js';
import { type CustomerErrorCode, CustomerErrors } from './customer.errors.js';
import type { CustomerEvent } from './customer.events.js';

/** Validation and reset links stay valid this long (reset short: it grants the account). */
export const VALIDATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

interface PendingToken {
  tokenHash: string;
  expiresAt: string;
}

export interface Customer extends AccountState, EmailChangeState {
  exists: boolean;
  customerId: string | null;
  email: string | null;
  validated: boolean;
  passwordHash: string | null;
  validationToken: PendingToken | null;
  resetToken: PendingToken | null;
  /** Sessions started and not ended: at most one after any login (one device per account). */
  activeSessions: string[];
}

export const initialCustomer: Customer = {
  exists: false,
  customerId: null,
  email: null,
  validated: false,
  passwordHash: null,
  validationToken: null,
  resetToken: null,
  activeSessions: [],
  ...initialAccount,
  ...initialEmailChange,
};

const fail = (code: CustomerErrorCode): never => {
  throw new DomainError(code, CustomerErrors[code]);
};

const usable = (token: PendingToken | null, tokenHash: string, now: string): boolean =>
  token !== null && token.tokenHash === tokenHash && Date.parse(now) < Date.parse(token.expiresAt);

export function decide(command: CustomerCommand, customer: Customer): CustomerEvent[] {
  if (command.type === 'RegisterCustomer') {
    if (customer.exists) return fail('email_taken');
    const { customerId, email, now } = command;
    const events: CustomerEvent[] = [
      {
        type: 'CustomerRegistered',
        data: {
          customerId,
          email: email.toLowerCase(),
          profile: command.profile,
          passwordHash: command.passwordHash,
          agreedToTerms: command.agreedToTerms,
          registeredVia: command.registeredVia,
          registeredAt: now,
        },
      },
    ];
    if (command.validationToken) {
      events.push({ type: 'ValidationTokenIssued', data: { customerId, ...command.validationToken, issuedAt: now } });
    }
    if (command.validatedVia) {
      events.push({
        type: 'EmailValidated',
        data: { customerId, email: email.toLowerCase(), validatedAt: now, via: command.validatedVia },
      });
    }
    return events;
  }

  if (!customer.exists || customer.customerId === null || customer.email === null) return fail('customer_not_found');
  const customerId = customer.customerId;

  switch (command.type) {
    case 'ChangeProfile':
    case 'ChangeShippingAddress':
    case 'ChangeBillingAddress':
    case 'ChangeAutoRenew':
    case 'ChangeSubscriptionAutoRenew':
      return decideAccount(command, customerId, { ...customer, email: customer.email });
    case 'ConfirmEmailChange':
    case 'UndoEmailChange':
      return decideEmailChange(command, customerId, { ...customer, email: customer.email });
    case 'ResendValidation':
      if (customer.validated) return fail('already_validated');
      return [
        {
          type: 'ValidationTokenIssued',
          data: { customerId, tokenHash: command.tokenHash, expiresAt: command.expiresAt, issuedAt: command.now },
        },
      ];
    case 'ValidateEmail':
      // A used link (already validated) is refused too: the token is one-time.
      if (customer.validated || command.email.toLowerCase() !== customer.email) return fail('invalid_validation_token');
      if (!usable(customer.validationToken, command.tokenHash, command.now)) return fail('invalid_validation_token');
      return [
        { type: 'EmailValidated', data: { customerId, email: customer.email, validatedAt: command.now, via: 'link' } },
      ];
    case 'RequestPasswordReset':
      return [
        {
          type: 'PasswordResetRequested',
          data: { customerId, tokenHash: command.tokenHash, expiresAt: command.expiresAt, requestedAt: command.now },
        },
      ];
    case 'SetNewPassword':
      if (!usable(customer.resetToken, command.tokenHash, command.now)) return fail('invalid_reset_token');
      return [
        {
          type: 'PasswordChanged',
          data: { customerId, passwordHash: command.passwordHash, changedAt: command.now, via: 'reset' },
        },
      ];
    case 'StartSession': {
      if (!customer.validated) return fail('email_not_validated');
      // One device per account: a login ends every other session of the account.
      const ended: CustomerEvent[] = customer.activeSessions.map((sessionId) => ({
        type: 'SessionEnded',
        data: { customerId, sessionId, endedAt: command.now, reason: 'replaced' },
      }));
      return [
        ...ended,
        {
          type: 'SessionStarted',
          data: { customerId, sessionId: command.sessionId, startedAt: command.now, via: command.via },
        },
      ];
    }
    case 'RecordDateOfBirth': {
      const dob: CustomerEvent = {
        type: 'DateOfBirthRecorded',
        data: { customerId, dobEncrypted: command.dobEncrypted, recordedAt: command.now },
      };
      if (command.licenceEncrypted === undefined) return [dob];
      const licence: CustomerEvent = {
        type: 'CmeLicenceRecorded',
        data: { customerId, licenceEncrypted: command.licenceEncrypted, recordedAt: command.now },
      };
      return [dob, licence];
    }
    case 'EndSession':
      if (!customer.activeSessions.includes(command.sessionId)) return [];
      return [
        {
          type: 'SessionEnded',
          data: { customerId, sessionId: command.sessionId, endedAt: command.now, reason: 'logout' },
        },
      ];
  }
}

export function evolve(customer: Customer, event: CustomerEvent): Customer {
  const account = evolveAccount(customer, event);
  const emailChange = evolveEmailChange(customer, event);
  const next = { ...customer, ...account, ...emailChange };
  return evolveIdentity(next, event);
}

function evolveIdentity(customer: Customer, event: CustomerEvent): Customer {
  switch (event.type) {
    case 'CustomerRegistered':
      return {
        ...customer,
        exists: true,
        customerId: event.data.customerId,
        email: event.data.email,
        passwordHash: event.data.passwordHash,
      };
    case 'ValidationTokenIssued':
      return { ...customer, validationToken: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'EmailValidated':
      return { ...customer, validated: true, validationToken: null };
    case 'PasswordResetRequested':
      return { ...customer, resetToken: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'PasswordChanged':
      // The reset link is one-time: changing the password spends it.
      return { ...customer, passwordHash: event.data.passwordHash, resetToken: null };
    case 'SessionStarted':
      return { ...customer, activeSessions: [...customer.activeSessions, event.data.sessionId] };
    case 'SessionEnded':
      return { ...customer, activeSessions: customer.activeSessions.filter((s) => s !== event.data.sessionId) };
    case 'ProfileChanged':
    case 'EmailChangeConfirmed':
    case 'EmailChangeUndone':
      return { ...customer, email: event.data.email };
    default:
      return customer;
  }
}

export const customerDecider: Decider<CustomerCommand, Customer, CustomerEvent> = {
  initialState: initialCustomer,
  decide,
  evolve,
};

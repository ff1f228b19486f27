import type { RegisterCustomer } from './customer.commands.js';
import type { CustomerEvent } from './customer.events.js';
import { given, id, later, now, registeredWith, testProfile } from './customer.testing.js';

const profile = testProfile();

const register = (over: Partial<RegisterCustomer> = {}): RegisterCustomer => ({
  type: 'RegisterCustomer',
  customerId: id,
  email: 'Ada@Example.test',
  profile,
  passwordHash: 'hash-1',
  agreedToTerms: true,
  registeredVia: 'form',
  validationToken: { tokenHash: 'vt', expiresAt: '2026-03-08T10:00:00.000Z' },
  validatedVia: null,
  now,
  ...over,
});

const registered = registeredWith(profile);
const tokenIssued: CustomerEvent = {
  type: 'ValidationTokenIssued',
  data: { customerId: id, tokenHash: 'vt', expiresAt: '2026-03-08T10:00:00.000Z', issuedAt: now },
};
const validated: CustomerEvent = {
  type: 'EmailValidated',
  data: { customerId: id, email: 'ada@example.test', validatedAt: now, via: 'link' },
};
const resetRequested: CustomerEvent = {
  type: 'PasswordResetRequested',
  data: { customerId: id, tokenHash: 'rt', expiresAt: '2026-03-01T11:00:00.000Z', requestedAt: now },
};
const sessionStarted = (sessionId: string): CustomerEvent => ({
  type: 'SessionStarted',
  data: { customerId: id, sessionId, startedAt: now, via: 'password' },
});

describe('customer decider', () => {
  it('registration records the customer with a lower-cased email and issues a validation link', () => {
    given().when(register()).then(registered, tokenIssued);
  });

  it('a taken email (an existing stream) is refused', () => {
    given(registered).when(register()).thenFails('email_taken');
  });

  it('a society sign-in registers the account already validated', () => {
    given()
      .when(
        register({
          passwordHash: null,
          registeredVia: 'society:demo-society',
          validationToken: null,
          validatedVia: 'society',
        }),
      )
      .then(
        {
          ...registered,
          data: { ...registered.data, passwordHash: null, registeredVia: 'society:demo-society' },
        } as CustomerEvent,
        {
          type: 'EmailValidated',
          data: { customerId: id, email: 'ada@example.test', validatedAt: now, via: 'society' },
        },
      );
  });

  it('validates the email with the latest link', () => {
    given(registered, tokenIssued)
      .when({ type: 'ValidateEmail', email: 'ADA@example.test', tokenHash: 'vt', now })
      .then(validated);
  });

  it('Validation failed: wrong token, expired token, or a link used twice', () => {
    given(registered, tokenIssued)
      .when({ type: 'ValidateEmail', email: 'ada@example.test', tokenHash: 'x', now })
      .thenFails('invalid_validation_token');
    given(registered, tokenIssued)
      .when({ type: 'ValidateEmail', email: 'ada@example.test', tokenHash: 'vt', now: later })
      .thenFails('invalid_validation_token');
    given(registered, tokenIssued, validated)
      .when({ type: 'ValidateEmail', email: 'ada@example.test', tokenHash: 'vt', now })
      .thenFails('invalid_validation_token');
  });

  it('resend replaces the validation link; the old one no longer works', () => {
    const reissued: CustomerEvent = {
      type: 'ValidationTokenIssued',
      data: { customerId: id, tokenHash: 'vt2', expiresAt: '2026-03-09T10:00:00.000Z', issuedAt: now },
    };
    given(registered, tokenIssued)
      .when({ type: 'ResendValidation', tokenHash: 'vt2', expiresAt: '2026-03-09T10:00:00.000Z', now })
      .then(reissued);
    given(registered, tokenIssued, reissued)
      .when({ type: 'ValidateEmail', email: 'ada@example.test', tokenHash: 'vt', now })
      .thenFails('invalid_validation_token');
  });

  it('resend for a validated account is refused; for no account too', () => {
    given(registered, tokenIssued, validated)
      .when({ type: 'ResendValidation', tokenHash: 'vt2', expiresAt: later, now })
      .thenFails('already_validated');
    given().when({ type: 'ResendValidation', tokenHash: 'vt2', expiresAt: later, now }).thenFails('customer_not_found');
  });

  it('forgot password issues a reset token; set new password spends it once', () => {
    given(registered)
      .when({ type: 'RequestPasswordReset', tokenHash: 'rt', expiresAt: '2026-03-01T11:00:00.000Z', now })
      .then(resetRequested);
    const changed: CustomerEvent = {
      type: 'PasswordChanged',
      data: { customerId: id, passwordHash: 'hash-2', changedAt: now, via: 'reset' },
    };
    given(registered, resetRequested)
      .when({ type: 'SetNewPassword', tokenHash: 'rt', passwordHash: 'hash-2', now })
      .then(changed);
    given(registered, resetRequested, changed)
      .when({ type: 'SetNewPassword', tokenHash: 'rt', passwordHash: 'hash-3', now })
      .thenFails('invalid_reset_token');
  });

  it('an expired or wrong reset token is refused', () => {
    given(registered, resetRequested)
      .when({ type: 'SetNewPassword', tokenHash: 'rt', passwordHash: 'h', now: '2026-03-01T11:00:00.000Z' })
      .thenFails('invalid_reset_token');
    given(registered, resetRequested)
      .when({ type: 'SetNewPassword', tokenHash: 'nope', passwordHash: 'h', now })
      .thenFails('invalid_reset_token');
  });

  it('login is refused until the email is validated', () => {
    given(registered, tokenIssued)
      .when({ type: 'StartSession', sessionId: 's1', via: 'password', now })
      .thenFails('email_not_validated');
  });

  it('one device per account: a login ends the other sessions', () => {
    given(registered, validated, sessionStarted('s1'))
      .when({ type: 'StartSession', sessionId: 's2', via: 'password', now })
      .then(
        { type: 'SessionEnded', data: { customerId: id, sessionId: 's1', endedAt: now, reason: 'replaced' } },
        sessionStarted('s2'),
      );
  });

  it('logout ends the session once; a second logout appends nothing', () => {
    const ended: CustomerEvent = {
      type: 'SessionEnded',
      data: { customerId: id, sessionId: 's1', endedAt: now, reason: 'logout' },
    };
    given(registered, validated, sessionStarted('s1')).when({ type: 'EndSession', sessionId: 's1', now }).then(ended);
    given(registered, validated, sessionStarted('s1'), ended).when({ type: 'EndSession', sessionId: 's1', now }).then();
  });
});

describe('date of birth (signed-in section 5: required at checkout for CME in the USA; stored encrypted)', () => {
  it('records the encrypted date of birth given at checkout', () =>
    given(registered)
      .when({ type: 'RecordDateOfBirth', dobEncrypted: 'v1.cipher', now: later })
      .then({ type: 'DateOfBirthRecorded', data: { customerId: id, dobEncrypted: 'v1.cipher', recordedAt: later } }));

  it('refuses it for a customer that does not exist', () =>
    given().when({ type: 'RecordDateOfBirth', dobEncrypted: 'v1.cipher', now: later }).thenFails('customer_not_found'));

  it("records the CME info tab's licence fields beside it, encrypted; null clears them", () => {
    const dob = {
      type: 'DateOfBirthRecorded',
      data: { customerId: id, dobEncrypted: 'v1.dob', recordedAt: later },
    } as const;
    given(registered)
      .when({ type: 'RecordDateOfBirth', dobEncrypted: 'v1.dob', licenceEncrypted: 'v1.licence', now: later })
      .then(dob, {
        type: 'CmeLicenceRecorded',
        data: { customerId: id, licenceEncrypted: 'v1.licence', recordedAt: later },
      });
    given(registered)
      .when({ type: 'RecordDateOfBirth', dobEncrypted: 'v1.dob', licenceEncrypted: null, now: later })
      .then(dob, { type: 'CmeLicenceRecorded', data: { customerId: id, licenceEncrypted: null, recordedAt: later } });
  });
});

import type { ChangeProfile } from './customer.commands.js';
import type { CustomerEvent, PostalAddress } from './customer.events.js';
import { given, id, later, now, registeredWith, testProfile } from './customer.testing.js';

const profile = testProfile({ address: '1 Main St', city: 'Springfield', state: 'MO', zip: '65801', country: 'USA' });
const registered = registeredWith(profile);
const started = (sessionId: string): CustomerEvent => ({
  type: 'SessionStarted',
  data: { customerId: id, sessionId, startedAt: now, via: 'password' },
});

const tokens = {
  confirmTokenHash: 'ct',
  expiresAt: '2026-03-27T10:00:00.000Z',
  undoTokenHash: 'ut',
  undoExpiresAt: '2026-04-19T10:00:00.000Z',
};
const changeProfile = (over: Partial<ChangeProfile> = {}): ChangeProfile => ({
  type: 'ChangeProfile',
  firstname: 'Ada',
  lastname: 'Example',
  suffix: null,
  specialty: 'Plastic Surgery',
  status: null,
  phone: null,
  email: 'ada@example.test',
  expectedEmail: 'ada@example.test',
  passwordHash: null,
  currentPasswordVerified: false,
  emailChange: tokens,
  autorenew: null,
  sessionId: 's1',
  now: later,
  ...over,
});
const profileChanged = (over: Partial<Extract<CustomerEvent, { type: 'ProfileChanged' }>['data']> = {}) =>
  ({
    type: 'ProfileChanged',
    data: {
      customerId: id,
      firstname: 'Ada',
      lastname: 'Example',
      suffix: null,
      specialty: 'Plastic Surgery',
      status: null,
      phone: null,
      email: 'ada@example.test',
      changedAt: later,
      ...over,
    },
  }) as CustomerEvent;

const home: PostalAddress = {
  address: '1 Main St',
  address2: '',
  city: 'Springfield',
  state: 'MO',
  zip: '65801',
  country: 'USA',
};
const abroad: PostalAddress = {
  address: '10 Downing St',
  address2: 'Flat 2',
  city: 'London',
  state: 'NOTUS',
  zip: 'SW1A 2AA',
  country: 'GBR',
};

describe('customer decider: the account page (signed-in section 2)', () => {
  it('saving the profile records every field as it now is, with the email the account has', () =>
    given(registered)
      .when(changeProfile({ suffix: 'Jr.', status: 'Fellow', phone: '555-0100' }))
      .then(profileChanged({ suffix: 'Jr.', status: 'Fellow', phone: '555-0100' })));

  it('a profile saved unchanged records nothing, also after an earlier change', () => {
    given(registered).when(changeProfile()).then();
    given(registered, profileChanged({ lastname: 'Other' }))
      .when(changeProfile({ lastname: 'Other' }))
      .then();
  });

  it('a new email (compared lower-cased) is only requested: the account keeps its email until the link is followed', () => {
    given(registered)
      .when(changeProfile({ email: 'ADA@example.test' }))
      .then();
    given(registered)
      .when(changeProfile({ email: 'Ada2@example.test', currentPasswordVerified: true, firstname: 'Adah' }))
      .then(profileChanged({ firstname: 'Adah' }), {
        type: 'EmailChangeRequested',
        data: {
          customerId: id,
          email: 'ada@example.test',
          newEmail: 'ada2@example.test',
          ...tokens,
          requestedAt: later,
        },
      });
  });

  it('a session token alone changes neither the email nor the password: the current password is required', () => {
    given(registered)
      .when(changeProfile({ email: 'thief@example.test' }))
      .thenFails('current_password_required');
    given(registered)
      .when(changeProfile({ passwordHash: 'hash-2' }))
      .thenFails('current_password_required');
    // The other fields need no password.
    given(registered)
      .when(changeProfile({ phone: '555-0101' }))
      .then(profileChanged({ phone: '555-0101' }));
  });

  it('refuses a save read before another save changed the email: deciding it again would undo that change', () => {
    given(registered, profileChanged({ email: 'ada2@example.test' }))
      .when(changeProfile({ firstname: 'Adah' }))
      .thenFails('email_changed_meanwhile');
    given(registered, profileChanged({ email: 'ada2@example.test' }))
      .when(changeProfile({ firstname: 'Adah', email: 'ada2@example.test', expectedEmail: 'ADA2@example.test' }))
      .then(profileChanged({ firstname: 'Adah', email: 'ada2@example.test' }));
  });

  it('a new password through the profile ends every other session and keeps this one', () =>
    given(registered, started('s0'), started('s1'), started('s2'))
      .when(changeProfile({ passwordHash: 'hash-2', currentPasswordVerified: true, sessionId: 's1' }))
      .then(
        { type: 'PasswordChanged', data: { customerId: id, passwordHash: 'hash-2', changedAt: later, via: 'profile' } },
        { type: 'SessionEnded', data: { customerId: id, sessionId: 's0', endedAt: later, reason: 'password_changed' } },
        { type: 'SessionEnded', data: { customerId: id, sessionId: 's2', endedAt: later, reason: 'password_changed' } },
      ));

  it('the auto-renew box of the profile form is recorded only when it changes', () => {
    given(registered)
      .when(changeProfile({ autorenew: true }))
      .then();
    given(registered)
      .when(changeProfile({ autorenew: false }))
      .then({ type: 'AutoRenewChanged', data: { customerId: id, autorenew: false, changedAt: later } });
  });

  it('auto-renew on its own: recorded when it changes, nothing when it does not', () => {
    const off: CustomerEvent = {
      type: 'AutoRenewChanged',
      data: { customerId: id, autorenew: false, changedAt: later },
    };
    given(registered).when({ type: 'ChangeAutoRenew', autorenew: false, now: later }).then(off);
    given(registered, off).when({ type: 'ChangeAutoRenew', autorenew: false, now: later }).then();
    given(registered).when({ type: 'ChangeAutoRenew', autorenew: true, now: later }).then();
  });

  it('the shipping address starts as the registration gave it; a new one is recorded, the same one is not', () => {
    given(registered).when({ type: 'ChangeShippingAddress', address: home, now: later }).then();
    given(registered)
      .when({ type: 'ChangeShippingAddress', address: abroad, now: later })
      .then({ type: 'ShippingAddressChanged', data: { customerId: id, address: abroad, changedAt: later } });
  });

  it('the billing address starts empty; a new one is recorded, the same one again is not', () => {
    const billed: CustomerEvent = {
      type: 'BillingAddressChanged',
      data: { customerId: id, address: home, changedAt: later },
    };
    given(registered).when({ type: 'ChangeBillingAddress', address: home, now: later }).then(billed);
    given(registered, billed).when({ type: 'ChangeBillingAddress', address: home, now: later }).then();
  });

  it('refuses every account change for a customer that does not exist', () => {
    given().when(changeProfile()).thenFails('customer_not_found');
    given().when({ type: 'ChangeBillingAddress', address: home, now: later }).thenFails('customer_not_found');
  });
});

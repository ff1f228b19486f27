import { testProfile } from '#libs/domain/customer/customer.testing.js';
import {
  autoRenewSettingsOf,
  customersReadModel,
  encryptedDobOf,
  encryptedLicenceOf,
  findAccount,
  findCustomerByEmail,
  findCustomerById,
} from './customers.js';
import { projectInto, readModelDatabase } from './identity-projection.testing.js';

const profile = testProfile({
  status: 'Resident',
  city: 'Springfield',
  state: 'MO',
  country: 'USA',
  phone: '555-0100',
});

describe('customers read model', () => {
  const db = readModelDatabase();

  it('holds the registered profile and whether the email is validated', async () => {
    await projectInto(db.pool, customersReadModel, [
      {
        type: 'CustomerRegistered',
        data: {
          customerId: 'c1',
          email: 'ada@example.test',
          profile,
          passwordHash: 'h',
          agreedToTerms: true,
          registeredVia: 'form',
          registeredAt: '2026-01-01T00:00:00Z',
        },
      },
      {
        type: 'SessionStarted',
        data: { customerId: 'c1', sessionId: 's', startedAt: '2026-01-01T00:00:00Z', via: 'password' },
      },
    ]);
    expect(await findCustomerByEmail(db.pool, 'ADA@example.test')).toMatchObject({
      customerId: 'c1',
      status: 'Resident',
      validated: false,
    });
    const client = await db.pool.connect();
    await customersReadModel.apply(
      {
        id: 'x',
        type: 'EmailValidated',
        data: { customerId: 'c1', email: 'ada@example.test', validatedAt: '2026-01-02T00:00:00Z', via: 'link' },
        metadata: {
          correlationId: 'c',
          causationId: 'c',
          actorId: 'c1',
          occurredAt: '2026-01-02T00:00:00Z',
          schemaVersion: 1,
        },
        streamId: 'customer-c1',
        revision: 1,
        position: 3n,
      },
      client,
    );
    client.release();
    expect(await findCustomerById(db.pool, 'c1')).toMatchObject({
      email: 'ada@example.test',
      validated: true,
      phone: '555-0100',
    });
    const { rows } = await db.pool.query('SELECT * FROM customers');
    expect(JSON.stringify(rows)).not.toContain('"h"');
  });

  it('carries what the account page shows: profile, email, shipping, billing and auto-renew', async () => {
    const at = '2026-02-01T00:00:00Z';
    const address = {
      address: '1 Main St',
      address2: '',
      city: 'Springfield',
      state: 'MO',
      zip: '65801',
      country: 'USA',
    };
    const registered = (customerId: string, email: string) => ({
      type: 'CustomerRegistered',
      data: {
        customerId,
        email,
        profile,
        passwordHash: 'h',
        agreedToTerms: true,
        registeredVia: 'form',
        registeredAt: at,
      },
    });
    await db.pool.query('DROP TABLE IF EXISTS customers');
    await projectInto(db.pool, customersReadModel, [
      registered('c2', 'bo@example.test'),
      registered('c3', 'cy@example.test'),
      {
        type: 'ProfileChanged',
        data: {
          customerId: 'c2',
          firstname: 'Bo',
          lastname: 'New',
          suffix: 'II',
          specialty: 'Other',
          status: null,
          phone: null,
          email: 'bo.new@example.test',
          changedAt: at,
        },
      },
      { type: 'ShippingAddressChanged', data: { customerId: 'c2', address, changedAt: at } },
      {
        type: 'BillingAddressChanged',
        data: { customerId: 'c2', address: { ...address, state: 'NOTUS', country: 'GBR' }, changedAt: at },
      },
      { type: 'AutoRenewChanged', data: { customerId: 'c2', autorenew: false, changedAt: at } },
    ]);
    expect(await findAccount(db.pool, 'c2')).toEqual({
      firstname: 'Bo',
      lastname: 'New',
      suffix: 'II',
      specialty: 'Other',
      status: null,
      phone: null,
      email: 'bo.new@example.test',
      pendingEmail: null,
      autorenew: false,
      custshiptoaddress: {
        ADDRESS: '1 Main St',
        ADDRESS2: '',
        CITY: 'Springfield',
        STATE: 'MO',
        ZIP: '65801',
        COUNTRY: 'USA',
      },
      custbilltoaddress: {
        ADDRESS: '1 Main St',
        ADDRESS2: '',
        CITY: 'Springfield',
        STATE: 'NOTUS',
        ZIP: '65801',
        COUNTRY: 'GBR',
      },
    });
    expect(await findCustomerByEmail(db.pool, 'bo.new@example.test')).toMatchObject({ customerId: 'c2' });
    expect(await findAccount(db.pool, 'c3')).toMatchObject({ custshiptoaddress: null, custbilltoaddress: null });
  });

  it('an email change: pending until confirmed, then the email; an undo puts the old one back', async () => {
    const at = '2026-03-01T00:00:00Z';
    await db.pool.query('DROP TABLE IF EXISTS customers');
    const requested = {
      type: 'EmailChangeRequested',
      data: {
        customerId: 'c4',
        email: 'di@example.test',
        newEmail: 'di.new@example.test',
        confirmTokenHash: 'ct',
        expiresAt: at,
        undoTokenHash: 'ut',
        undoExpiresAt: at,
        requestedAt: at,
      },
    };
    const registered = {
      type: 'CustomerRegistered',
      data: {
        customerId: 'c4',
        email: 'di@example.test',
        profile,
        passwordHash: 'h',
        agreedToTerms: true,
        registeredVia: 'form',
        registeredAt: at,
      },
    };
    await projectInto(db.pool, customersReadModel, [registered, requested]);
    expect(await findAccount(db.pool, 'c4')).toMatchObject({
      email: 'di@example.test',
      pendingEmail: 'di.new@example.test',
    });
    // Login and mail stay on the old address while the change is pending.
    expect(await findCustomerByEmail(db.pool, 'di.new@example.test')).toBeNull();
    await db.pool.query('DROP TABLE IF EXISTS customers');
    const confirmed = {
      type: 'EmailChangeConfirmed',
      data: { customerId: 'c4', previousEmail: 'di@example.test', email: 'di.new@example.test', confirmedAt: at },
    };
    await projectInto(db.pool, customersReadModel, [registered, requested, confirmed]);
    expect(await findAccount(db.pool, 'c4')).toMatchObject({ email: 'di.new@example.test', pendingEmail: null });
    await db.pool.query('DROP TABLE IF EXISTS customers');
    const undone = {
      type: 'EmailChangeUndone',
      data: {
        customerId: 'c4',
        email: 'di@example.test',
        cancelledEmail: 'di.new@example.test',
        restored: true,
        undoneAt: at,
      },
    };
    await projectInto(db.pool, customersReadModel, [registered, requested, confirmed, undone]);
    expect(await findAccount(db.pool, 'c4')).toMatchObject({ email: 'di@example.test', pendingEmail: null });
  });

  it("keeps the CME info tab's date of birth and licence fields as they were recorded (encrypted); null clears the licence", async () => {
    const at = '2026-04-01T00:00:00Z';
    await db.pool.query('DROP TABLE IF EXISTS customers');
    const registered = {
      type: 'CustomerRegistered',
      data: {
        customerId: 'c5',
        email: 'eve@example.test',
        profile,
        passwordHash: 'h',
        agreedToTerms: true,
        registeredVia: 'form',
        registeredAt: at,
      },
    };
    const dob = { type: 'DateOfBirthRecorded', data: { customerId: 'c5', dobEncrypted: 'v1.dob', recordedAt: at } };
    const licence = (licenceEncrypted: string | null) => ({
      type: 'CmeLicenceRecorded',
      data: { customerId: 'c5', licenceEncrypted, recordedAt: at },
    });
    await projectInto(db.pool, customersReadModel, [registered, dob]);
    expect(await encryptedLicenceOf(db.pool, 'c5')).toBeNull();
    await db.pool.query('DROP TABLE IF EXISTS customers');
    await projectInto(db.pool, customersReadModel, [registered, dob, licence('v1.licence')]);
    expect(await encryptedDobOf(db.pool, 'c5')).toBe('v1.dob');
    expect(await encryptedLicenceOf(db.pool, 'c5')).toBe('v1.licence');
    await db.pool.query('DROP TABLE IF EXISTS customers');
    // A later date of birth alone (checkout) leaves the licence as it is; a cleared one is null.
    await projectInto(db.pool, customersReadModel, [registered, dob, licence('v1.licence'), dob]);
    expect(await encryptedLicenceOf(db.pool, 'c5')).toBe('v1.licence');
    await db.pool.query('DROP TABLE IF EXISTS customers');
    await projectInto(db.pool, customersReadModel, [registered, licence('v1.licence'), licence(null)]);
    expect(await encryptedLicenceOf(db.pool, 'c5')).toBeNull();
  });

  it("keeps each subscription's own auto-renew until the account's box sets them all again", async () => {
    const at = '2026-05-01T00:00:00Z';
    await db.pool.query('DROP TABLE IF EXISTS customers');
    const registered = {
      type: 'CustomerRegistered',
      data: {
        customerId: 'c6',
        email: 'fay@example.test',
        profile: { ...profile, autorenew: true },
        passwordHash: 'h',
        agreedToTerms: true,
        registeredVia: 'form',
        registeredAt: at,
      },
    };
    const single = (subscriptionType: string, autorenew: boolean) => ({
      type: 'SubscriptionAutoRenewChanged',
      data: { customerId: 'c6', subscriptionType, autorenew, via: 'account', onum: null, changedAt: at },
    });
    const account = (autorenew: boolean) => ({
      type: 'AutoRenewChanged',
      data: { customerId: 'c6', autorenew, changedAt: at },
    });
    await projectInto(db.pool, customersReadModel, [registered, single('elearning', false), single('cme', true)]);
    expect(autoRenewSettingsOf(await findCustomerById(db.pool, 'c6'))).toEqual({
      account: true,
      subscriptions: { elearning: false, cme: true },
    });
    await db.pool.query('DROP TABLE IF EXISTS customers');
    await projectInto(db.pool, customersReadModel, [registered, single('elearning', false), account(false)]);
    expect(autoRenewSettingsOf(await findCustomerById(db.pool, 'c6'))).toEqual({ account: false, subscriptions: {} });
    expect(autoRenewSettingsOf(null)).toEqual({ account: false, subscriptions: {} });
  });
});

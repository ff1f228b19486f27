import { createTestDatabase, type TestDatabase } from '../../test/support/database.js';
import { customersReadModel, findCustomerByEmail, findCustomerById } from './customers.js';
import { projectInto } from './identity-projection.testing.js';

const profile = {
  firstname: 'Ada',
  lastname: 'Example',
  suffix: null,
  specialty: 'Plastic Surgery',
  status: 'Resident',
  address: null,
  address2: null,
  city: 'Springfield',
  state: 'MO',
  zip: null,
  country: 'USA',
  phone: '555-0100',
  autorenew: true,
  utimezone: null,
};

describe('customers read model', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

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
});

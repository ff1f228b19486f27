import type { ChangeProfile } from './customer.commands.js';
import type { CustomerEvent } from './customer.events.js';
import { given, id, later, now, registeredWith, testProfile } from './customer.testing.js';

const registered = registeredWith(testProfile());
const validated: CustomerEvent = {
  type: 'EmailValidated',
  data: { customerId: id, email: 'ada@example.test', validatedAt: now, via: 'link' },
};
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
const requested = (newEmail = 'ada.new@example.test', over: Partial<typeof tokens> = {}): CustomerEvent => ({
  type: 'EmailChangeRequested',
  data: { customerId: id, email: 'ada@example.test', newEmail, ...tokens, ...over, requestedAt: later },
});
const confirmed: CustomerEvent = {
  type: 'EmailChangeConfirmed',
  data: { customerId: id, previousEmail: 'ada@example.test', email: 'ada.new@example.test', confirmedAt: later },
};
const save = (email: string): ChangeProfile => ({
  type: 'ChangeProfile',
  firstname: 'Ada',
  lastname: 'Example',
  suffix: null,
  specialty: 'Plastic Surgery',
  status: null,
  phone: null,
  email,
  expectedEmail: 'ada@example.test',
  passwordHash: null,
  currentPasswordVerified: true,
  emailChange: { ...tokens, confirmTokenHash: 'ct2', undoTokenHash: 'ut2' },
  autorenew: null,
  sessionId: 's1',
  now: later,
});
const confirm = (tokenHash = 'ct', expectedEmail = 'ada@example.test', at = later) =>
  ({ type: 'ConfirmEmailChange', tokenHash, expectedEmail, now: at }) as const;
const undo = (tokenHash = 'ut', expectedEmail = 'ada@example.test', at = later) =>
  ({ type: 'UndoEmailChange', tokenHash, expectedEmail, now: at }) as const;
const endedByUndo = (sessionId: string): CustomerEvent => ({
  type: 'SessionEnded',
  data: { customerId: id, sessionId, endedAt: later, reason: 'email_change_undone' },
});

describe('customer decider: an email change (new address confirms, old address may undo)', () => {
  it('the link mailed to the new address makes it the account email', () => {
    given(registered, validated, requested()).when(confirm()).then(confirmed);
  });

  it('a pending change is not the account email: the account keeps its own until confirmed', () => {
    const state = given(registered, validated, requested());
    // Saving the pending address again asks nothing new (30 identical saves record one request).
    state.when(save('ada.new@example.test')).then();
    // Saving the account's own address leaves the pending change as it is.
    state.when(save('ada@example.test')).then();
  });

  it('a later request replaces the pending one: its links stop working', () => {
    const replaced = requested('ada.other@example.test', { confirmTokenHash: 'ct2', undoTokenHash: 'ut2' });
    given(registered, validated, requested()).when(save('ada.other@example.test')).then(replaced);
    given(registered, validated, requested(), replaced).when(confirm('ct')).thenFails('invalid_email_change_link');
    given(registered, validated, requested(), replaced).when(undo('ut')).thenFails('invalid_email_change_link');
  });

  it('a wrong, expired or used confirm link is refused', () => {
    given(registered, validated, requested()).when(confirm('nope')).thenFails('invalid_email_change_link');
    given(registered, validated, requested())
      .when(confirm('ct', 'ada@example.test', '2026-03-27T10:00:00.000Z'))
      .thenFails('invalid_email_change_link');
    given(registered, validated, requested(), confirmed)
      .when(confirm('ct', 'ada.new@example.test'))
      .thenFails('invalid_email_change_link');
    given(registered, validated).when(confirm()).thenFails('invalid_email_change_link');
  });

  it('a confirm decided again after the email changed meanwhile is refused', () => {
    given(registered, validated, requested(), confirmed).when(confirm()).thenFails('email_changed_meanwhile');
  });

  it('undo before confirmation drops the pending change and ends every session', () => {
    given(registered, validated, started('s1'), requested())
      .when(undo())
      .then(
        {
          type: 'EmailChangeUndone',
          data: {
            customerId: id,
            email: 'ada@example.test',
            cancelledEmail: 'ada.new@example.test',
            restored: false,
            undoneAt: later,
          },
        },
        endedByUndo('s1'),
      );
  });

  it('undo after confirmation puts the old address back and ends every session', () => {
    given(registered, validated, requested(), confirmed, started('s2'))
      .when(undo('ut', 'ada.new@example.test'))
      .then(
        {
          type: 'EmailChangeUndone',
          data: {
            customerId: id,
            email: 'ada@example.test',
            cancelledEmail: 'ada.new@example.test',
            restored: true,
            undoneAt: later,
          },
        },
        endedByUndo('s2'),
      );
  });

  it('an undo link works once and not after it expired', () => {
    const undone: CustomerEvent = {
      type: 'EmailChangeUndone',
      data: {
        customerId: id,
        email: 'ada@example.test',
        cancelledEmail: 'ada.new@example.test',
        restored: false,
        undoneAt: later,
      },
    };
    given(registered, validated, requested(), undone).when(undo()).thenFails('invalid_email_change_link');
    given(registered, validated, requested())
      .when(undo('ut', 'ada@example.test', '2026-04-19T10:00:00.000Z'))
      .thenFails('invalid_email_change_link');
    given(registered, validated, requested(), undone).when(confirm()).thenFails('invalid_email_change_link');
  });
});

import type { Pool } from 'pg';

/** Ada's name, address and phone: the fields the registration form and the checkout contact share. */
export const ADA_ADDRESS = {
  FIRSTNAME: 'Ada',
  LASTNAME: 'Example',
  ADDRESS: '1 Main St',
  CITY: 'Springfield',
  STATE: 'MO',
  ZIP: '65801',
  COUNTRY: 'USA',
  PHONE: '555-0100',
} as const;

/** The body of `POST /api/users/register` for `email` (password Secret-pass-1), with `over` applied last. */
export const registration = (email: string, over: Record<string, unknown> = {}) => ({
  ...ADA_ADDRESS,
  SPECIALTY: 'Plastic Surgery',
  STATUS: 'Resident',
  EMAIL: email,
  PASSWORD: 'Secret-pass-1',
  autorenew: 1,
  agree: 1,
  VERSION: 5,
  ...over,
});

/** What a mailed link carries, as `POST /api/users/validate` (and redeem-forgot) take it. */
export interface MailedLink {
  TOKEN: string;
  EMAIL: string;
}

/** The tolken and email of the first link to `path` (e.g. `user/validate`) in a mail's text, or null. */
export function linkIn(text: string, path: string): MailedLink | null {
  const match = new RegExp(`${path}\\?tolken=([^&\\s]+)&email=([^\\s"<]+)`).exec(text);
  return match ? { TOKEN: decodeURIComponent(match[1] ?? ''), EMAIL: decodeURIComponent(match[2] ?? '') } : null;
}

/** The validation link of the newest mail to `email` in the shop's outbox (no SMTP server needed). */
export async function outboxValidationLink(pool: Pool, email: string): Promise<MailedLink> {
  const { rows } = await pool.query<{ text_body: string }>(
    'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
    [email],
  );
  const link = linkIn(rows[0]?.text_body ?? '', 'user/validate');
  if (!link) throw new Error(`no validation link for ${email}`);
  return link;
}

/**
 * Registers `email` over HTTP (`registration(email, over)`) and validates it through the link
 * `validationLink` finds, as a new customer does before the first login; throws unless they answer 201
 * and 200 (plain errors: the topology load, built without Jest, imports these fixtures too).
 */
export async function registerAndValidate(
  baseUrl: string,
  email: string,
  validationLink: (email: string) => Promise<MailedLink>,
  over: Record<string, unknown> = {},
): Promise<void> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/users/register', registration(email, over));
  if (registered.status !== 201) throw new Error(`registering ${email} answered ${registered.status}`);
  const validated = await post('/users/validate', await validationLink(email));
  if (validated.status !== 200) throw new Error(`validating ${email} answered ${validated.status}`);
}

/**
 * `npm run society:link -- <email> [first] [last]`: prints a society sign-in link for a member, signed
 * with the secret of the society (SOCIETY_SECRETS, or the demo society of the seed files).
 * Set SOCIETY_ID to choose a society other than the first configured one.
 */
import { loadConfig } from '#libs/config/config.js';
import { signSocietyToken } from '#libs/crypto/society-token.js';
import { publicBaseUrl } from './identity-links.js';
import { DEMO_SOCIETY_ID, societySecrets } from './society-secrets.js';

const [email, first, last] = process.argv.slice(2);
if (!email || !email.includes('@')) {
  process.stderr.write('Usage: npm run society:link -- <email> [first] [last]\n');
  process.exit(1);
}
const config = loadConfig();
const secrets = societySecrets(config);
const societyId = process.env.SOCIETY_ID ?? (DEMO_SOCIETY_ID in secrets ? DEMO_SOCIETY_ID : Object.keys(secrets)[0]);
const secret = societyId ? secrets[societyId] : undefined;
if (!societyId || !secret) {
  process.stderr.write(`Unknown society ${String(societyId)}: configure it in SOCIETY_SECRETS\n`);
  process.exit(1);
}
const token = signSocietyToken(societyId, secret, {
  email,
  ...(first ? { first } : {}),
  ...(last ? { last } : {}),
});
process.stdout.write(`${publicBaseUrl(config)}/login?society=${token}\n`);

/**
 * `npm run society:link -- <email> [first] [last]`: prints a society sign-in link for a member, signed
 * with the secret of a society the shop knows: one of SOCIETY_SECRETS, or the demo society when the
 * demo data is seeded (SEED_DEMO), as the running shop knows them. SOCIETY_ID chooses the society;
 * by default the demo society when known, else the first configured one.
 */
import { SystemClock } from '#libs/application/clock.js';
import { signSocietyToken } from '#libs/crypto/society-token.js';
import { publicBaseUrl, SocietySecrets } from '../identity/index.js';
import { DEMO_SOCIETY_ID, demoSocieties } from './index.js';
import { operatorConfig } from '../infrastructure/secrets.js';

const [email, first, last] = process.argv.slice(2);
if (!email || !email.includes('@')) {
  process.stderr.write('Usage: npm run society:link -- <email> [first] [last]\n');
  process.exit(1);
}
const config = await operatorConfig();
const societies = new SocietySecrets(config);
if (config.SEED_DEMO) societies.register(demoSocieties);
const secrets = societies.all();
const societyId = process.env.SOCIETY_ID ?? (DEMO_SOCIETY_ID in secrets ? DEMO_SOCIETY_ID : Object.keys(secrets)[0]);
const secret = societyId ? secrets[societyId] : undefined;
if (!societyId || !secret) {
  process.stderr.write(`Unknown society ${String(societyId)}: configure it in SOCIETY_SECRETS\n`);
  process.exit(1);
}
const member = { email, ...(first ? { first } : {}), ...(last ? { last } : {}) };
const token = signSocietyToken(societyId, secret, member, new SystemClock().now());
process.stdout.write(`${publicBaseUrl(config)}/login?society=${token}\n`);

import { Inject, Injectable } from '@nestjs/common';
import type { Config } from '#libs/config/config.js';
import { CONFIG } from '../infrastructure/tokens.js';

/**
 * The societies whose signed tokens sign a member in: society id -> HMAC secret. Configuration only
 * (SOCIETY_SECRETS; none when unset, so nobody signs in through a society), plus what the start-up
 * registers: the demo seed registers the demo society when it seeds the demo data (SEED_DEMO). A
 * configured secret is never replaced by a registered one.
 */
@Injectable()
export class SocietySecrets {
  private readonly secrets: Record<string, string>;

  constructor(@Inject(CONFIG) config: Pick<Config, 'SOCIETY_SECRETS'>) {
    this.secrets = { ...config.SOCIETY_SECRETS };
  }

  /** Adds societies that configuration does not name. */
  register(societies: Readonly<Record<string, string>>): void {
    for (const [id, secret] of Object.entries(societies)) {
      if (!Object.hasOwn(this.secrets, id)) this.secrets[id] = secret;
    }
  }

  all(): Readonly<Record<string, string>> {
    return this.secrets;
  }
}

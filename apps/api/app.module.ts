import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AccountModule } from './account/account.module.js';
import { CartModule } from './cart/cart.module.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import { CmeModule } from './cme/cme.module.js';
import { CmeSealModule } from './cme-seal/cme-seal.module.js';
import { HealthController } from './health/health.controller.js';
import { IdentityModule } from './identity/identity.module.js';
import { type Infrastructure, InfrastructureModule } from './infrastructure/infrastructure.module.js';
import { httpLogOptions, requestLogStream } from './kernel/http-logging.js';
import { PaymentsModule } from './payments/payments.module.js';
import { PlayerModule } from './player/player.module.js';
import { RenewalsModule } from './renewals/renewals.module.js';
import { SigningModule } from './signing/index.js';
import { StreamingModule } from './streaming/streaming.module.js';

/**
 * The whole API: infrastructure adapters, logging and the feature modules. The web app (embedded mode)
 * is served by the HTTP layer on the Fastify instance (shared/http-hardening.ts), not by a Nest module.
 */
@Module({})
export class AppModule {
  static register(infrastructure: Infrastructure): DynamicModule {
    const { config } = infrastructure;
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(infrastructure),
        LoggerModule.forRoot({
          // One request logger per process (nestjs-pino): it writes to the newest shop's destination.
          pinoHttp: [httpLogOptions(config.LOG_LEVEL), requestLogStream],
          exclude: [],
          // LOG_LEVEL=silent writes no request line: the request logger is not run at all then (it builds
          // each request's child logger, serialising the request, even when the line is never written).
          ...(config.LOG_LEVEL === 'silent' ? { forRoutes: [] } : {}),
        }),
        IdentityModule,
        CatalogModule,
        CartModule,
        CheckoutModule,
        AccountModule,
        StreamingModule,
        PlayerModule,
        CmeModule,
        RenewalsModule,
        PaymentsModule,
        SigningModule,
        CmeSealModule,
      ],
      controllers: [HealthController],
    };
  }
}

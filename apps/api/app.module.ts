import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { type DynamicModule, Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { LoggerModule } from 'nestjs-pino';
import { CartModule } from './cart/cart.module.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { CheckoutModule } from './checkout/checkout.module.js';
import { HealthController } from './health/health.controller.js';
import { IdentityModule } from './identity/identity.module.js';
import { type Infrastructure, InfrastructureModule } from './infrastructure/infrastructure.module.js';

/** The whole API: infrastructure adapters, logging, the feature modules and (embedded mode) the web app. */
@Module({})
export class AppModule {
  static register(infrastructure: Infrastructure): DynamicModule {
    const { config } = infrastructure;
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(infrastructure),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.LOG_LEVEL,
            // Structured JSON logs carry a request id: the caller's X-Request-Id or a new uuid.
            genReqId: (req, res) => {
              const id = (req.headers['x-request-id'] as string | undefined) ?? randomUUID();
              res.setHeader('X-Request-Id', id);
              return id;
            },
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            autoLogging: { ignore: (req) => !(req.url ?? '').startsWith('/api') },
          },
          exclude: [],
        }),
        ...(config.SERVE_WEB
          ? [
              ServeStaticModule.forRoot({
                rootPath: resolve(process.cwd(), 'web/dist'),
                exclude: ['/api/{*path}'],
              }),
            ]
          : []),
        IdentityModule,
        CatalogModule,
        CartModule,
        CheckoutModule,
      ],
      controllers: [HealthController],
    };
  }
}

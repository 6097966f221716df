import { apiModule } from '../../http/api-module.js';
import { registerEmailChangeRoutes } from './email-change-routes.js';
import { createEmailChangeService, type EmailChangeService } from './email-change-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    emailChange: EmailChangeService;
  }
}

/** Changing one's email address: the link to the new address, its confirmation, the notice to the old one. */
export const emailChangeModule = apiModule({
  name: 'email-change',
  dependencies: ['identity'],
  provide: (app) => {
    app.decorate(
      'emailChange',
      createEmailChangeService({
        database: app.database,
        passwordHasher: app.passwordHasher,
        signInThrottle: app.signInThrottle,
        mailer: app.mailer,
        rateLimiter: app.rateLimiter,
        webUrl: app.config.webUrl,
        log: app.log,
      }),
    );
  },
  routes: (scope) => registerEmailChangeRoutes(scope, scope.emailChange),
});

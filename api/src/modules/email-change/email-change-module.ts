import { apiModule } from '../../http/api-module.js';
import { confirmEmailChange } from './email-change-confirmation.js';
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
  dependencies: ['identity', 'registration'],
  provide: (app) => {
    // A change's link is confirmed on the one verification page, registration's (docs/decisions/0110).
    app.registration.acceptVerificationLinks(confirmEmailChange);
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

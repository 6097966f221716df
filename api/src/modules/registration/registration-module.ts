import { apiModule } from '../../http/api-module.js';
import { registerRegistrationRoutes } from './registration-routes.js';
import { createRegistrationService, type RegistrationService } from './registration-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sign-up and email verification; other modules add the kinds of link its verification page confirms. */
    registration: RegistrationService;
  }
}

/** Sign-up: the form behind the captcha, the verification link, quick start. */
export const registrationModule = apiModule({
  name: 'registration',
  dependencies: ['captcha', 'identity', 'flows'],
  provide: (app) => {
    app.decorate(
      'registration',
      createRegistrationService({
        database: app.database,
        passwordHasher: app.passwordHasher,
        mailer: app.mailer,
        rateLimiter: app.rateLimiter,
        webUrl: app.config.webUrl,
        identity: app.identity,
        accessTokens: app.accessTokens,
        flows: app.flows,
        log: app.log,
      }),
    );
  },
  routes: (scope) => registerRegistrationRoutes(scope, scope.registration, scope.rateLimiter),
});

import { apiModule } from '../../http/api-module.js';
import { registerRegistrationRoutes } from './registration-routes.js';
import { createRegistrationService } from './registration-service.js';

/** Sign-up: the form behind the captcha, the verification link, quick start. */
export const registrationModule = apiModule({
  name: 'registration',
  dependencies: ['captcha', 'identity'],
  routes: (scope) =>
    registerRegistrationRoutes(
      scope,
      createRegistrationService({
        database: scope.database,
        passwordHasher: scope.passwordHasher,
        mailer: scope.mailer,
        rateLimiter: scope.rateLimiter,
        webUrl: scope.config.webUrl,
        identity: scope.identity,
        accessTokens: scope.accessTokens,
        log: scope.log,
      }),
      scope.rateLimiter,
    ),
});

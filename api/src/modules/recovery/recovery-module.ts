import { apiModule } from '../../http/api-module.js';
import { registerRecoveryRoutes } from './recovery-routes.js';
import { createRecoveryService } from './recovery-service.js';

/** Forgotten passwords: the reset link and the new password. */
export const recoveryModule = apiModule({
  name: 'recovery',
  dependencies: ['identity'],
  routes: (scope) =>
    registerRecoveryRoutes(
      scope,
      createRecoveryService({
        database: scope.database,
        passwordHasher: scope.passwordHasher,
        refreshTokens: scope.refreshTokens,
        signInThrottle: scope.signInThrottle,
        mailer: scope.mailer,
        rateLimiter: scope.rateLimiter,
        webUrl: scope.config.webUrl,
        log: scope.log,
      }),
    ),
});

import { apiModule } from '../../http/api-module.js';
import { registerRecoveryRoutes } from './recovery-routes.js';
import { createRecoveryService, type RecoveryService } from './recovery-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgotten passwords: the reset link and the new password. */
    recovery: RecoveryService;
  }
}

/** Forgotten passwords: the reset link and the new password. */
export const recoveryModule = apiModule({
  name: 'recovery',
  dependencies: ['identity'],
  provide: (app) => {
    app.decorate(
      'recovery',
      createRecoveryService({
        database: app.database,
        passwordHasher: app.passwordHasher,
        refreshTokens: app.refreshTokens,
        signInThrottle: app.signInThrottle,
        mailer: app.mailer,
        rateLimiter: app.rateLimiter,
        webUrl: app.config.webUrl,
        log: app.log,
      }),
    );
  },
  routes: (scope) => registerRecoveryRoutes(scope, scope.recovery),
});

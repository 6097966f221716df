import { apiModule } from '../../http/api-module.js';
import { registerInvitationRoutes } from './invitation-routes.js';
import { createInvitationService } from './invitation-service.js';

/** Inviting people into the organization, and accepting an invitation. */
export const invitationModule = apiModule({
  name: 'invitations',
  dependencies: ['identity'],
  routes: (scope) =>
    registerInvitationRoutes(
      scope,
      createInvitationService({
        database: scope.database,
        passwordHasher: scope.passwordHasher,
        identity: scope.identity,
        mailer: scope.mailer,
        rateLimiter: scope.rateLimiter,
        webUrl: scope.config.webUrl,
        log: scope.log,
      }),
    ),
});

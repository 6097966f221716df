import { apiModule } from '../../http/api-module.js';
import { registerInvitationRoutes } from './invitation-routes.js';
import { createInvitationService, type InvitationService } from './invitation-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Inviting people into the organization, and accepting an invitation. */
    invitations: InvitationService;
  }
}

/** Inviting people into the organization, and accepting an invitation. */
export const invitationModule = apiModule({
  name: 'invitations',
  dependencies: ['identity'],
  provide: (app) => {
    app.decorate(
      'invitations',
      createInvitationService({
        database: app.database,
        passwordHasher: app.passwordHasher,
        identity: app.identity,
        mailer: app.mailer,
        rateLimiter: app.rateLimiter,
        webUrl: app.config.webUrl,
        log: app.log,
      }),
    );
  },
  routes: (scope) => registerInvitationRoutes(scope, scope.invitations),
});

import { apiModule } from '../../http/api-module.js';
import { registerMemberRoutes } from './member-routes.js';
import { createMemberService, type MemberService } from './member-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    members: MemberService;
  }
}

/** The organization's members: the list, roles, revoking invitations. */
export const memberModule = apiModule({
  name: 'members',
  provide: (app) => {
    app.decorate('members', createMemberService({ database: app.database }));
  },
  routes: (scope) => registerMemberRoutes(scope, scope.members),
});

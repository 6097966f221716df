import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { MemberService } from './member-service.js';

const endpoints = contract.members;

/** Member management is `grant` on the organization (admins), "my team" every member's: declared in the contract. */
export function registerMemberRoutes(app: FastifyInstance, members: MemberService): void {
  registerEndpoint(app, endpoints.listMembers, ({ query }, { user }) => members.list(user, query));
  registerEndpoint(app, endpoints.checkMemberEmail, ({ query }, { user }) =>
    members.checkEmail(user, query.email),
  );
  registerEndpoint(app, endpoints.revokeInvitation, ({ params }, { user }) =>
    members.revokeInvitation(user, params.userId),
  );
  registerEndpoint(app, endpoints.changeMemberRole, ({ params, body }, { user }) =>
    members.changeRole(user, params.email, body.role),
  );
  registerEndpoint(app, endpoints.removeMember, ({ params }, { user }) => members.remove(user, params.email));
  registerEndpoint(app, endpoints.listTeam, (_input, { user }) => members.team(user));
}

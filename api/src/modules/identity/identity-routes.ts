import { contract } from '@dcipher/shared/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.js';
import type { IdentityService } from './identity-service.js';
import type { SigningKeys } from './signing-keys.js';

export function registerIdentityRoutes(
  app: FastifyInstance,
  identity: IdentityService,
  keys: SigningKeys,
): void {
  registerEndpoint(app, contract.auth.login, ({ body }) => identity.login(body));

  registerEndpoint(app, contract.auth.refreshToken, ({ body }) => identity.refresh(body.refreshToken));

  registerEndpoint(app, contract.auth.logout, async ({ body }, { user }) => {
    await identity.logout(user.id, body.isForced);
    return { loggedOut: true } as const;
  });

  // The public keys verifiers (the browser, other services) fetch; not part of the contract's API surface.
  app.get('/.well-known/jwks.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(keys.jwks),
  );
}

import { emailDomainOf } from '@dcipher/shared/contract';
import { apiModule } from '../../http/api-module.js';
import { createDomainVerifier } from './domain-verification.js';
import { createSecretBox, loadOrCreateSsoSecretKey, type SecretBox } from './secret-box.js';
import { ssoRequiredFor } from './sso-config-repository.js';
import { SsoRequiredError } from './sso-errors.js';
import { registerSsoRoutes } from './sso-routes.js';
import { createSsoService, type SsoService } from './sso-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Organizations' identity providers and domains, and sign-in through them. */
    sso: SsoService;
    /**
     * Seals the secrets the API keeps and must read back (SSO client secrets, webhook signing secrets) under
     * `SSO_SECRET_KEY` (docs/decisions/0036, 0111).
     */
    secretBox: SecretBox;
  }
}

/** Single sign-on: the organization's identity provider, its domains, SSO sign-in. */
export const ssoModule = apiModule({
  name: 'sso',
  dependencies: ['identity'],
  provide: async (app) => {
    const { config, database, identity } = app;
    // An organization that requires SSO for a verified domain refuses its members' password sign-ins
    // (docs/decisions/0036); identity asks this module's rule, never its tables (docs/decisions/0110).
    identity.addSignInRule(async (user) =>
      (await ssoRequiredFor(database, user.organizationId, emailDomainOf(user.email)))
        ? new SsoRequiredError()
        : undefined,
    );
    const secretBox = createSecretBox(await loadOrCreateSsoSecretKey(config.sso.secretKey, config.keysDir));
    const sso = createSsoService({
      config,
      database,
      identity,
      log: app.log,
      secretBox,
      verifyDomain: createDomainVerifier({ servers: config.sso.dnsResolvers, devAids: config.devAids }),
    });
    await sso.sealStoredSecrets();
    app.decorate('sso', sso);
    app.decorate('secretBox', secretBox);
  },
  routes: (scope) => registerSsoRoutes(scope, scope.sso),
});

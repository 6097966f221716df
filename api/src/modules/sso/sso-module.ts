import { apiModule } from '../../http/api-module.js';
import { createDomainVerifier } from './domain-verification.js';
import { createSecretBox, loadOrCreateSsoSecretKey } from './secret-box.js';
import { registerSsoRoutes } from './sso-routes.js';
import { createSsoService } from './sso-service.js';

/** Single sign-on: the organization's identity provider, its domains, SSO sign-in. */
export const ssoModule = apiModule({
  name: 'sso',
  dependencies: ['identity'],
  routes: async (scope) => {
    const { config } = scope;
    const sso = createSsoService({
      config,
      database: scope.database,
      identity: scope.identity,
      log: scope.log,
      secretBox: createSecretBox(await loadOrCreateSsoSecretKey(config.sso.secretKey, config.keysDir)),
      verifyDomain: createDomainVerifier({ servers: config.sso.dnsResolvers, devAids: config.devAids }),
    });
    await sso.sealStoredSecrets();
    registerSsoRoutes(scope, sso);
  },
});

import { apiModule } from '../../http/api-module.js';
import { registerMarketingEmailRoutes } from './marketing-email-routes.js';
import { createMarketingEmailService } from './marketing-email-service.js';
import { createUnsubscribeLinks, loadUnsubscribeLinkKey } from './unsubscribe-links.js';

/**
 * Marketing emails and their unsubscribe links. After the captcha module, which has created the secret the links'
 * key derives from if there was none.
 */
export const marketingEmailModule = apiModule({
  name: 'marketing-emails',
  dependencies: ['captcha'],
  routes: async (scope) => {
    const { config } = scope;
    registerMarketingEmailRoutes(
      scope,
      createMarketingEmailService({
        database: scope.database,
        mailer: scope.mailer,
        unsubscribeLinks: createUnsubscribeLinks(await loadUnsubscribeLinkKey(config), config.webUrl),
        webUrl: config.webUrl,
        log: scope.log,
      }),
    );
  },
});

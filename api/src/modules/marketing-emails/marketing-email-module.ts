import { apiModule } from '../../http/api-module.js';
import { registerMarketingEmailRoutes } from './marketing-email-routes.js';
import { createMarketingEmailService, type MarketingEmailService } from './marketing-email-service.js';
import { createUnsubscribeLinks, loadUnsubscribeLinkKey } from './unsubscribe-links.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marketing emails and their unsubscribe links. */
    marketingEmails: MarketingEmailService;
  }
}

/**
 * Marketing emails and their unsubscribe links. After the captcha module, which has created the secret the links'
 * key derives from if there was none.
 */
export const marketingEmailModule = apiModule({
  name: 'marketing-emails',
  dependencies: ['captcha'],
  provide: async (app) => {
    const { config } = app;
    app.decorate(
      'marketingEmails',
      createMarketingEmailService({
        database: app.database,
        mailer: app.mailer,
        unsubscribeLinks: createUnsubscribeLinks(await loadUnsubscribeLinkKey(config), config.webUrl),
        webUrl: config.webUrl,
        log: app.log,
      }),
    );
  },
  routes: (scope) => registerMarketingEmailRoutes(scope, scope.marketingEmails),
});

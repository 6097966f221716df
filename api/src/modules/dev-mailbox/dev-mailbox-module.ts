import { apiModule } from '../../http/api-module.js';
import { registerDevMailboxRoutes } from './dev-mailbox-routes.js';

/** The development mailbox (`/dev/mailbox`): registered only with development aids, never in staging or production. */
export const devMailboxModule = apiModule({
  name: 'dev-mailbox',
  routes: (scope) =>
    registerDevMailboxRoutes(scope, scope.database, { deliversBySmtp: Boolean(scope.config.mail.smtpUrl) }),
});

import { apiModule } from '../../http/api-module.js';
import { addOnPurchaseEffect, creditsPurchaseEffect } from './credit-payment-effects.js';
import { registerCreditRoutes } from './credit-routes.js';

/** The credit wallet: packages, balance, buying credits and add-ons. */
export const creditModule = apiModule({
  name: 'credits',
  dependencies: ['payments', 'subscriptions'],
  provide: (app) => {
    // What a paid package or add-on changes is this module's rows: payments applies it through these
    // (docs/decisions/0110).
    app.payments.registerEffect('credits', creditsPurchaseEffect);
    app.payments.registerEffect('add-on', addOnPurchaseEffect);
  },
  routes: (scope) => registerCreditRoutes(scope, scope.database, scope.subscriptions),
});

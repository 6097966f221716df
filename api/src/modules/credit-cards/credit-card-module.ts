import { createVatNumberChecker } from '../../adapters/vat-numbers/create-vat-number-checker.js';
import { apiModule } from '../../http/api-module.js';
import { registerCreditCardRoutes } from './credit-card-routes.js';

/** Cards and billing details (with VAT numbers checked), and the gateway's webhooks. */
export const creditCardModule = apiModule({
  name: 'credit-cards',
  dependencies: ['payments'],
  routes: (scope) =>
    registerCreditCardRoutes(
      scope,
      scope.database,
      scope.paymentGateway,
      scope.rateLimiter,
      scope.config.payments,
      createVatNumberChecker(scope.config.vatValidation),
    ),
});

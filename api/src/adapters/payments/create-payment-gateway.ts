import type { PaymentSettings } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { LocalTestGateway } from './local-test-gateway.js';
import type { PaymentGateway } from './payment-gateway.js';
import { StripeGateway } from './stripe-gateway.js';

/** The configured payment gateway; `loadConfig` refuses the local test gateway in production. */
export function createPaymentGateway(settings: PaymentSettings, ledger?: Queryable): PaymentGateway {
  switch (settings.provider) {
    case 'local':
      return new LocalTestGateway(ledger);
    case 'stripe':
      return new StripeGateway({ secretKey: settings.secretKey, apiBaseUrl: settings.apiBaseUrl });
  }
}

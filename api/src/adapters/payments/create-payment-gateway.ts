import type { PaymentSettings } from '../../config.js';
import type { Queryable } from '../../db/database.js';
import { LocalTestGateway } from './local-test-gateway.js';
import type { PaymentGateway } from './payment-gateway.js';

/**
 * The configured payment gateway. Only the local test gateway exists so far; `loadConfig` refuses it in
 * production, so a production API does not start until a real provider is added here.
 */
export function createPaymentGateway(settings: PaymentSettings, ledger?: Queryable): PaymentGateway {
  switch (settings.provider) {
    case 'local':
      return new LocalTestGateway(ledger);
  }
}

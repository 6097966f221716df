export { cardBrandOf } from './card-brand.js';
export * from './local-payment-method.js';

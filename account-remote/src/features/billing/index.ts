export { default as AddOnsScreen } from './addons-screen';
export { CheckoutBilling, CheckoutContinue, CheckoutWelcome } from './checkout-screens';
export { default as InvoicesScreen } from './invoices-screen';
export { default as PaymentScreen } from './payment-screen';
export { default as PlanOptionsScreen } from './plan-options-screen';
export { default } from './subscription-screen';
export { default as WalletScreen } from './wallet-screen';

export {
  type ChargeFigures,
  ChargeConfirmation,
  type ChargeLine,
  whenCharged,
} from './charge-confirmation';
export { useConfirmedPurchase } from './use-confirmed-purchase';

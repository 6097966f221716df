export {
  ChargeConfirmation,
  type ChargeFigures,
  type ChargeLine,
  whenCharged,
} from './charge-confirmation';
export { useConfirmedPurchase } from './use-confirmed-purchase';

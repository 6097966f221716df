export {
  type FederatedSingleton,
  federatedSingletons,
  packageOf,
  type RemoteScreenProps,
} from './singletons.js';

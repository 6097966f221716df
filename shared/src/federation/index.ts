export {
  chosenWorkflowNoticeHeight,
  chosenWorkflowPendingAttribute,
  chosenWorkflowStorageKey,
} from './signup-first-paint.js';
export {
  type FederatedSingleton,
  federatedSingletons,
  packageOf,
  type RemoteScreenProps,
} from './singletons.js';

export {
  chosenPlanNoticeHeight,
  chosenPlanPendingAttribute,
  chosenWorkflowNoticeHeight,
  chosenWorkflowPendingAttribute,
  chosenWorkflowStorageKey,
  type NoticeHeights,
  planIdPattern,
} from './signup-first-paint.js';
export {
  type FederatedSingleton,
  federatedSingletons,
  packageOf,
  type RemoteScreenProps,
} from './singletons.js';

import type { EndpointDefinition } from '@dcipher/shared/contract';
import { contract } from '@dcipher/shared/contract';
import * as flows from '@dcipher/shared/contract/flows';

/**
 * What each change makes out of date, declared once (docs/decisions/0119): a change's operation name, and the
 * reads (every params of them) it invalidates once it has answered. `useContractMutation` reads it, so a screen
 * changing something never names the other screens showing it; a change of one workflow adds that workflow's own
 * reads by its params (`invalidates`).
 */
const changes: Partial<Record<string, readonly EndpointDefinition[]>> = {
  // Workflows: the list shows each one's name, schedule, state and last run; the count of custom ones.
  createFlow: [flows.listFlows, flows.validateFlowName],
  updateFlow: [flows.listFlows, flows.getFlowLastRun, flows.validateFlowName],
  pauseFlow: [flows.listFlows],
  resumeFlow: [flows.listFlows],
  turnOffFlowNotifications: [flows.listFlows],
  deleteFlow: [flows.listFlows, flows.validateFlowName, contract.roles.listSharedResources],
  runFlow: [flows.listFlows, flows.listFlowRuns, contract.credits.getCustomerCredits],
  rerunFlow: [flows.listFlows, flows.listFlowRuns, contract.credits.getCustomerCredits],
  uploadFlowFile: [flows.listFlowUploads],
  deleteFlowUpload: [flows.listFlowUploads],
  // Sharing: "Sharing options" lists who has what; a workflow's screen shows its visibility.
  grantResourceRole: [contract.roles.listSharedResources],
  updateResourceRole: [contract.roles.listSharedResources, flows.getFlow, flows.listFlows],
  removeResourceRole: [contract.roles.listSharedResources],
};

/** The reads `endpoint`'s change makes out of date (none declared: none). */
export const changedBy = (endpoint: EndpointDefinition): readonly EndpointDefinition[] =>
  changes[endpoint.operation] ?? [];

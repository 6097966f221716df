import type { EndpointDefinition } from '@dcipher/shared/contract';
import { contract } from '@dcipher/shared/contract';
import * as flows from '@dcipher/shared/contract/flows';

const keys = contract.apiKeys;
const security = contract.accountSecurity;
const settings = contract.organization;
const cards = contract.creditCards;
const credits = contract.credits;
const subscriptions = contract.subscriptions;

/**
 * What each change makes out of date, declared once (docs/decisions/0119): a change's operation name, and the
 * reads (every params of them) it invalidates once it has answered. `useContractMutation` reads it, so a screen
 * changing something never names the other screens showing it; a change of one workflow adds that workflow's own
 * reads by its params (`invalidates`).
 */
/** What a change of organization makes out of date: every read, all of them about the organization left. */
const everyRead = 'every read';

const changes: Partial<Record<string, readonly EndpointDefinition[] | typeof everyRead>> = {
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

  // The account areas (docs/decisions/0122). Security: the privacy screen's sections and the overview's card.
  enableTwoFactor: [security.getTwoFactorStatus, security.listSessions, security.listSignInHistory],
  disableTwoFactor: [security.getTwoFactorStatus, security.listSessions, security.listSignInHistory],
  endSession: [security.listSessions],
  endOtherSessions: [security.listSessions],
  declineInvitationOffer: [contract.invitations.listInvitationOffers],
  // Another organization joined: its account, plan, team, keys… replace every read of the one left.
  acceptInvitationOffer: everyRead,
  // API keys: each kind's list.
  ...Object.fromEntries(
    [
      [keys.listApiKeys, keys.createApiKey, keys.updateApiKey, keys.revokeApiKey],
      [
        keys.listResearchBotApiKeys,
        keys.createResearchBotApiKey,
        keys.updateResearchBotApiKey,
        keys.revokeResearchBotApiKey,
      ],
    ].flatMap(([list, ...kindChanges]) => kindChanges.map((change) => [change?.operation, [list]])),
  ),
  // Webhooks: the endpoints listed; a test event shows in the endpoint's delivery log.
  createWebhookEndpoint: [contract.webhooks.listWebhookEndpoints],
  updateWebhookEndpoint: [contract.webhooks.listWebhookEndpoints],
  deleteWebhookEndpoint: [contract.webhooks.listWebhookEndpoints],
  rotateWebhookSecret: [contract.webhooks.listWebhookEndpoints],
  sendWebhookTestEvent: [contract.webhooks.listWebhookDeliveries],
  // Single sign-on: the organization's one configuration and its domains.
  saveSsoConfig: [contract.sso.getSsoConfig],
  deleteSsoConfig: [contract.sso.getSsoConfig],
  verifySsoDomain: [contract.sso.getSsoConfig],
  // Organization: its settings, its members (the admin's list, "My team", the overview's count).
  updateOrganization: [settings.getOrganization],
  setTwoStepRequirement: [settings.getOrganization],
  updatePasswordPolicy: [settings.getPasswordPolicy],
  changeOrganizationRegion: [settings.getOrganization],
  inviteUser: [contract.members.listMembers],
  resendInvitation: [contract.members.listMembers],
  revokeInvitation: [contract.members.listMembers],
  changeMemberRole: [contract.members.listMembers, contract.members.listTeam],
  removeMember: [contract.members.listMembers, contract.members.listTeam],
  // Billing: a card, the billing details it carries, and what each purchase changes (plan, wallet, invoices).
  addCreditCard: [cards.listCreditCards, cards.getBillingDetails, subscriptions.getSubscriptionSummary],
  deleteCreditCard: [cards.listCreditCards, subscriptions.getSubscriptionSummary],
  saveBillingDetails: [cards.getBillingDetails],
  deleteBillingDetails: [cards.getBillingDetails],
  buyCredits: [credits.getCustomerCredits, credits.listCreditTransactions, subscriptions.listInvoices],
  purchaseAddOn: [credits.listOwnedAddOns, contract.usage.getUsageDetails, subscriptions.listInvoices],
  ...Object.fromEntries(
    [
      subscriptions.startSubscription,
      subscriptions.changeSubscription,
      subscriptions.cancelSubscription,
      subscriptions.cancelTrialPlan,
      subscriptions.payOutstandingInvoice,
    ].map((change) => [
      change.operation,
      [subscriptions.getSubscriptionSummary, contract.usage.getUsageDetails, subscriptions.listInvoices],
    ]),
  ),
};

/** The reads `endpoint`'s change makes out of date (none declared, or every read: none named). */
export const changedBy = (endpoint: EndpointDefinition): readonly EndpointDefinition[] => {
  const changed = changes[endpoint.operation];
  return changed === undefined || changed === everyRead ? [] : changed;
};

/** Whether `endpoint`'s change makes every read out of date (joining another organization). */
export const changesEveryRead = (endpoint: EndpointDefinition): boolean =>
  changes[endpoint.operation] === everyRead;

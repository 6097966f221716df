import { authenticatedApi } from '@dcipher/shared/auth';
import { type ApiKeyKind, contract } from '@dcipher/shared/contract';
import { type ContractQueryOptions, contractQuery } from './contract-query';

/** The API key calls of each kind of key: the organization's integration keys and its research bot keys. */
export const apiKeyEndpoints = {
  general: {
    list: contract.apiKeys.listApiKeys,
    create: contract.apiKeys.createApiKey,
    update: contract.apiKeys.updateApiKey,
    revoke: contract.apiKeys.revokeApiKey,
  },
  'research-bot': {
    list: contract.apiKeys.listResearchBotApiKeys,
    create: contract.apiKeys.createResearchBotApiKey,
    update: contract.apiKeys.updateResearchBotApiKey,
    revoke: contract.apiKeys.revokeResearchBotApiKey,
  },
} as const;

/**
 * The account area's reads, one `queryOptions` per contract call (docs/decisions/0119, 0122): the key is the
 * call's operation and input, so the overview, the plan banner and each area's screen share one cached answer,
 * and a change (`useContractMutation`, its entry in `invalidations.ts`) refreshes every screen showing it.
 */
export const accountQueries = {
  account: () => contractQuery(contract.account.getAccount),
  subscriptionSummary: () => contractQuery(contract.subscriptions.getSubscriptionSummary),
  usage: () => contractQuery(contract.usage.getUsageDetails),
  credits: () => contractQuery(contract.credits.getCustomerCredits),
  team: () => contractQuery(contract.members.listTeam),
  twoFactorStatus: () => contractQuery(contract.accountSecurity.getTwoFactorStatus),
  sessions: () => contractQuery(contract.accountSecurity.listSessions),
  signInHistory: () => contractQuery(contract.accountSecurity.listSignInHistory),
  invitationOffers: () => contractQuery(contract.invitations.listInvitationOffers),
  billingDetails: () => contractQuery(contract.creditCards.getBillingDetails),
  apiKeys: (kind: ApiKeyKind) => contractQuery(apiKeyEndpoints[kind].list),
  ssoConfig: () => contractQuery(contract.sso.getSsoConfig),
  webhooks: () => contractQuery(contract.webhooks.listWebhookEndpoints),
  webhookDeliveries: (endpointId: string, page: number, pageSize: number) =>
    contractQuery(contract.webhooks.listWebhookDeliveries, {
      params: { endpointId },
      query: { page: String(page), pageSize: String(pageSize) },
    }),
  sharedResources: () => contractQuery(contract.roles.listSharedResources),
  /**
   * The organization's members to share with (`GET /roles/users`); none for a guest, who may not list them and
   * cannot share anything either (the API's refusal is the empty list, not a failure to show).
   */
  shareableMembers: (): ContractQueryOptions<typeof contract.roles.listRoleUsers> => {
    const read = contractQuery(contract.roles.listRoleUsers);
    return {
      ...read,
      queryFn: () =>
        authenticatedApi()
          .call(contract.roles.listRoleUsers)
          .catch(() => ({ users: [] })),
    };
  },
};

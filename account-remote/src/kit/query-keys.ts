/**
 * The keys of the remote's cached reads, declared once (docs/decisions/0080). A key's first part names what the
 * API returns; invalidating a prefix (`queryKeys.security`) refreshes every read below it.
 */
export const queryKeys = {
  /** GET /account: the signed-in user's account, read by the area's frame and every screen through it. */
  account: ['account'] as const,
  /** The user's sign-in security: two-step verification, sessions, sign-in history. */
  security: ['security'] as const,
  twoFactorStatus: ['security', 'two-factor'] as const,
  sessions: ['security', 'sessions'] as const,
  signInHistory: ['security', 'sign-in-history'] as const,
  invitationOffers: ['invitation-offers'] as const,
  /** The organization's plan, usage and wallet. */
  subscriptionSummary: ['billing', 'subscription-summary'] as const,
  usage: ['billing', 'usage'] as const,
  walletBalance: ['billing', 'wallet-balance'] as const,
  /** GET /billing: the organization's billing details, which every card added carries (docs/decisions/0086). */
  billingDetails: ['billing', 'details'] as const,
  /** The organization's members as every member sees them ("My team"). */
  team: ['organization', 'team'] as const,
  apiKeys: (kind: string) => ['organization', 'api-keys', kind] as const,
  ssoConfig: ['organization', 'sso'] as const,
  /** The organization's webhook endpoints, and one endpoint's delivery log by page. */
  webhooks: ['organization', 'webhooks'] as const,
  webhookDeliveries: (endpointId: string, page: number) =>
    ['organization', 'webhooks', 'deliveries', endpointId, page] as const,
  sharing: ['organization', 'sharing'] as const,
  /** GET /roles/users: the members a resource can be shared with. */
  shareableMembers: ['organization', 'shareable-members'] as const,
  workflows: (page: number, flowType: string | undefined) =>
    ['workflows', 'list', page, flowType ?? ''] as const,
  workflow: (flowId: string) => ['workflows', 'one', flowId] as const,
  /** GET /flows?flowType=customFlow: the custom workflows in use of the plan's number. */
  customWorkflows: ['workflows', 'custom'] as const,
  /** The organization's uploaded files, a page at a time (docs/decisions/0114). */
  flowUploads: (page: number) => ['workflows', 'uploads', page] as const,
} as const;

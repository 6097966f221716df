/**
 * The keys of the remote's cached reads not yet moved to contract query options (docs/decisions/0080; 0119: a
 * contract read's key is `contractKey`, its call's operation and input, and the workflows area has moved). A key's
 * first part names what the API returns; invalidating a prefix (`queryKeys.security`) refreshes every read below it.
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
} as const;

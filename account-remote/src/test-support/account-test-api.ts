import type { Account } from '@dcipher/shared/contract';

/** The signed-in member the account screens' tests start from. */
export const testAccount: Account = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  phone: null,
  company: 'Demo Org',
  jobTitle: null,
  receiveEmails: false,
  status: 'Active',
  organization: { id: 'o1', name: 'Demo Org', customerType: 'Business' },
  role: 'admin',
  twoStepSetupRequired: false,
};

type Handler = (input: unknown) => unknown;

/**
 * A stand-in for `authenticatedApi().call` that answers by the endpoint's operation name, so a test states only
 * the answers it is about (a handler may throw, or return a promise that never settles to show loading).
 */
export function answering(given: Record<string, Handler | unknown>) {
  // The profile screen also asks for invitations offered to the account, which most people never have.
  const handlers: Record<string, Handler | unknown> = { listInvitationOffers: { offers: [] }, ...given };
  return jest.fn(async (endpoint: { operation: string }, input?: unknown) => {
    if (!(endpoint.operation in handlers)) throw new Error(`unexpected call: ${endpoint.operation}`);
    const handler = handlers[endpoint.operation];
    return typeof handler === 'function' ? (handler as Handler)(input) : handler;
  });
}

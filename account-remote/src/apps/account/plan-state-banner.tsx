import type { SubscriptionSummary } from '@dcipher/shared/contract';
import { can } from '@dcipher/shared/domain';
import { routes } from '@dcipher/shared/routes';
import { Button, theme } from '@dcipher/shared/ui';
import { useAccount } from '../../kit/account-context';
import { accountQueries } from '../../kit/account-queries';
import { useLoad } from '../../kit/contract-query';

/** Screens that show the plan's state and its way out themselves. */
const billingPaths = new Set<string>([
  routes.subscription.path,
  routes.subscriptionOptions.path,
  routes.payment.path,
  routes.paymentInvoices.path,
  routes.checkout.path,
  routes.checkoutAccount.path,
  routes.checkoutBilling.path,
]);

/**
 * On every account screen while the plan is neither trialing nor active: what happened and the way out (choose a
 * plan once the trial or the plan has ended; pay the open renewal or change the card after a failed payment).
 * Admins get the buttons; teammates are told to ask an admin. Guests do not see the plan, so see nothing.
 */
export function PlanStateBanner({ path, navigate }: { path: string; navigate: (to: string) => void }) {
  const { account } = useAccount();
  const caller = { kind: 'user', role: account.role } as const;
  const mayRead = can(caller, 'subscription', 'read');
  const mayChange = can(caller, 'subscription', 'update');
  // The same cached read as the overview's plan card: one request for both. Only a hint: the subscription screen
  // shows the state and its errors in full.
  const { result } = useLoad({ ...accountQueries.subscriptionSummary(), enabled: mayRead });
  const summary: SubscriptionSummary | undefined = result.state === 'loaded' ? result.data : undefined;

  if (!summary || billingPaths.has(path)) return null;
  if (summary.state !== 'expired' && summary.state !== 'past_due') return null;
  const pastDue = summary.state === 'past_due';
  const message = pastDue
    ? `${summary.label}: the renewal of your ${summary.plan?.name ?? ''} plan could not be charged. Pay it or change the card to keep your plan.`
    : summary.plan
      ? `${summary.label}: your ${summary.plan.name} plan has ended. Your data is kept; choose a plan to go on using Dcipher.`
      : `${summary.label}: your free trial has ended. Your data is kept; choose a plan to go on using Dcipher.`;
  return (
    <div
      role="status"
      css={{
        border: `1px solid ${theme.colors.danger}`,
        background: theme.colors.dangerSurface,
        borderRadius: theme.radius,
        padding: '0.9rem 1rem',
        marginBottom: '1.25rem',
      }}
    >
      <p css={{ margin: 0 }}>
        <strong>{message}</strong>
        {mayChange ? null : ' Ask an admin of your organization to do it.'}
      </p>
      {mayChange ? (
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', marginTop: '0.75rem' }}>
          {pastDue ? (
            <>
              <Button onClick={() => navigate(routes.subscription.path)}>Pay the renewal</Button>
              <Button variant="secondary" onClick={() => navigate(routes.payment.path)}>
                Change the card
              </Button>
            </>
          ) : (
            <Button onClick={() => navigate(routes.subscriptionOptions.path)}>Choose a plan</Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

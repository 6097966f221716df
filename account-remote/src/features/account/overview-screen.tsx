import type { SubscriptionSummary } from '@dcipher/shared/contract';
import { can, hasOrganizationFeature } from '@dcipher/shared/domain';
import { formatDate, formatMoney } from '@dcipher/shared/format';
import type { AccountRouteId } from '@dcipher/shared/routes';
import { theme } from '@dcipher/shared/ui';
import { overviewMessages } from '@dcipher/shared/validation';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useAccount } from '../../kit/account-context';
import { accountQueries } from '../../kit/account-queries';
import type { AccountScreenProps } from '../../kit/account-screen';
import { useLoad } from '../../kit/contract-query';
import { CardLoad } from '../../kit/load-state';
import {
  scheduledPlanDue,
  scheduledPlanName,
  scheduledPlanPromoApplied,
} from '../../kit/scheduled-plan-text';
import { UsageMeter, usageAmount } from '../../kit/usage-meter';
import { RouteLink } from '../../router/remote-router';

const numberFormat = new Intl.NumberFormat('en-GB');

/**
 * `/account`, the overview (issue 25; docs/decisions/0081): the plan and its state, the trial's days left, usage
 * against the quotas, the next invoice, the wallet's credits, the team's size, the user's sign-in security and the
 * way into workflows. Each card loads on its own (a grey outline while it loads, its error and "Try again" if it
 * fails) and links to the page that has the whole story. Cards whose data the user may not read are left out.
 */
export default function OverviewScreen({ navigate }: AccountScreenProps) {
  const { account } = useAccount();
  const { customerType } = account.organization;
  const caller = { kind: 'user', role: account.role, customerType } as const;
  const mayReadPlan = can(caller, 'subscription', 'read');
  const mayReadWallet = can(caller, 'wallet-transaction', 'read');
  return (
    <div
      css={{
        display: 'grid',
        gap: '1rem',
        gridTemplateColumns: 'minmax(0, 1fr)',
        // Each card as tall as its content: a short plan card does not stretch to the usage card's height.
        alignItems: 'start',
        '@media (min-width: 60rem)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {mayReadPlan ? <PlanCard navigate={navigate} /> : null}
      {mayReadPlan ? <UsageCard navigate={navigate} /> : null}
      {mayReadWallet ? <CreditsCard navigate={navigate} /> : null}
      {/* An Individual account is one person: no team to show (docs/decisions/0085). */}
      {hasOrganizationFeature(customerType, 'members') ? <TeamCard navigate={navigate} /> : null}
      <SecurityCard navigate={navigate} />
      <WorkflowsCard navigate={navigate} mayCreate={can(caller, 'workflow', 'create')} />
    </div>
  );
}

function Card({
  title,
  link,
  linkText,
  navigate,
  children,
}: {
  title: string;
  link: Exclude<AccountRouteId, 'workflow'>;
  linkText: string;
  navigate: (to: string) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      css={{
        background: theme.colors.surface,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '12px',
        padding: '1.25rem',
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
      }}
    >
      <h2 id={headingId} css={{ margin: '0 0 0.75rem', fontSize: '1.15rem' }}>
        {title}
      </h2>
      <div css={{ flex: 1 }}>{children}</div>
      <p css={{ margin: '0.75rem 0 0' }}>
        <RouteLink to={link} navigate={navigate} css={{ fontWeight: 600 }}>
          {linkText}
        </RouteLink>
      </p>
    </section>
  );
}

const Figure = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <p data-testid={testId} css={{ margin: '0 0 0.35rem', fontSize: '1.35rem', fontWeight: 700 }}>
    {children}
  </p>
);
const Line = ({ children }: { children: ReactNode }) => (
  <p css={{ margin: '0 0 0.35rem', color: theme.colors.muted }}>{children}</p>
);

const useSummary = () => useLoad(accountQueries.subscriptionSummary());

/** What the next invoice is, from the plan's state: when billing starts or renews, and for how much. */
function nextInvoice(summary: SubscriptionSummary): string {
  const { plan, endsAt } = summary;
  if (summary.state === 'expired') return 'No invoice is due: choose a plan to go on.';
  if (summary.state === 'past_due') return 'A renewal is unpaid: pay it to keep your plan.';
  if (!endsAt) return 'No invoice is scheduled.';
  if (summary.cancelAtPeriodEnd) return `No next invoice: your plan ends on ${formatDate(endsAt)}.`;
  // A plan picked during the trial (docs/decisions/0113): what is charged when the trial ends, and for which plan.
  if (summary.state === 'trialing' && summary.trialPlan) {
    const scheduled = summary.trialPlan;
    return `${scheduledPlanDue(scheduled)} (${scheduledPlanName(scheduled)}${scheduledPlanPromoApplied(scheduled)}, VAT included).`;
  }
  if (summary.state === 'trialing' && (!plan || !summary.hasPaymentMethod)) {
    return `Nothing is charged during the trial; it ends on ${formatDate(endsAt)}.`;
  }
  if (!plan) return 'No invoice is scheduled.';
  const next = summary.scheduledPlan ? ` (${summary.scheduledPlan.name} from then)` : '';
  return `Next invoice on ${formatDate(endsAt)}: ${formatMoney(plan.price, plan.currency)} plus VAT${next}.`;
}

function PlanCard({ navigate }: AccountScreenProps) {
  const { result, reload } = useSummary();
  return (
    <Card title="Plan" link="subscription" linkText="Subscription details" navigate={navigate}>
      <CardLoad load={result} loadingText="Loading your plan…" onRetry={() => void reload()} lines={3}>
        {(summary) => (
          <>
            <Figure testId="overview-plan">
              {summary.plan?.name ??
                (summary.trialPlan
                  ? `Free trial, then ${summary.trialPlan.name}`
                  : summary.trialIncludes
                    ? overviewMessages.trialOf(summary.trialIncludes.name)
                    : 'Free trial')}
            </Figure>
            {/* Spec section 4's label: "Free trial ends in 9 days", "Active", "Payment problem"… */}
            <Line>
              <span data-testid="overview-plan-state">{summary.label}</span>
            </Line>
            <Line>{nextInvoice(summary)}</Line>
          </>
        )}
      </CardLoad>
    </Card>
  );
}

function UsageCard({ navigate }: AccountScreenProps) {
  const { result, reload } = useLoad(accountQueries.usage());
  // The plan card's read, shared through the query cache: during the trial, whose quotas these are.
  const summary = useSummary().result;
  const trialIncludes = summary.state === 'loaded' ? summary.data.trialIncludes : null;
  return (
    <Card title="Usage this period" link="subscription" linkText="Usage and quotas" navigate={navigate}>
      {trialIncludes ? (
        <Line>
          <span data-testid="overview-trial-includes">
            Your free trial includes the {trialIncludes.name} plan’s quotas.
          </span>
        </Line>
      ) : null}
      <CardLoad load={result} loadingText="Loading your usage…" onRetry={() => void reload()} lines={3}>
        {(usage) =>
          usage.lines.length === 0 ? (
            <Line>Your plan has no quotas to count.</Line>
          ) : (
            <ul
              aria-label="Quotas used"
              css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.6rem' }}
            >
              {usage.lines.map((line) => {
                return (
                  <li key={line.usageCategory}>
                    <div
                      css={{
                        display: 'flex',
                        flexWrap: 'wrap',
                        justifyContent: 'space-between',
                        gap: '0 1rem',
                      }}
                    >
                      <span>{line.label}</span>
                      <span css={{ color: theme.colors.muted }}>{usageAmount(line)}</span>
                    </div>
                    <UsageMeter line={line} height="0.8rem" />
                  </li>
                );
              })}
            </ul>
          )
        }
      </CardLoad>
    </Card>
  );
}

function CreditsCard({ navigate }: AccountScreenProps) {
  const { result, reload } = useLoad(accountQueries.credits());
  return (
    <Card title="Credits" link="paymentWallet" linkText="Wallet" navigate={navigate}>
      <CardLoad load={result} loadingText="Loading your credits…" onRetry={() => void reload()}>
        {({ balance }) => (
          <>
            <Figure testId="overview-credits">
              {numberFormat.format(balance)} {balance === 1 ? 'credit' : 'credits'}
            </Figure>
            <Line>Pays for use past your plan’s quotas.</Line>
          </>
        )}
      </CardLoad>
    </Card>
  );
}

function TeamCard({ navigate }: AccountScreenProps) {
  const { account } = useAccount();
  const { result, reload } = useLoad({ ...accountQueries.team(), select: (answer) => answer.members });
  const manages = can({ kind: 'user', role: account.role }, 'organization', 'grant');
  return (
    <Card
      title="Team"
      link={manages ? 'accountOrganization' : 'accountTeam'}
      linkText={manages ? 'Manage members' : 'My team'}
      navigate={navigate}
    >
      <CardLoad load={result} loadingText="Loading your team…" onRetry={() => void reload()}>
        {(members) => (
          <>
            <Figure testId="overview-team">
              {members.length} {members.length === 1 ? 'member' : 'members'}
            </Figure>
            <Line>In {account.organization.name}.</Line>
          </>
        )}
      </CardLoad>
    </Card>
  );
}

function SecurityCard({ navigate }: AccountScreenProps) {
  // The privacy screen's reads: turning two-step verification on or ending a session shows here too.
  const twoStep = useLoad(accountQueries.twoFactorStatus());
  const sessions = useLoad(accountQueries.sessions());
  return (
    <Card title="Security" link="accountPrivacy" linkText="Privacy & security" navigate={navigate}>
      <CardLoad
        load={twoStep.result}
        loadingText="Loading your sign-in security…"
        onRetry={() => void twoStep.reload()}
      >
        {(status) => (
          <Figure testId="overview-two-step">
            {status.enabled ? 'Two-step verification is on' : 'Two-step verification is off'}
          </Figure>
        )}
      </CardLoad>
      <CardLoad
        load={sessions.result}
        loadingText="Loading your sessions…"
        onRetry={() => void sessions.reload()}
        lines={1}
      >
        {(list) => (
          <Line>
            {list.length === 1
              ? 'Signed in on 1 device or browser.'
              : `Signed in on ${list.length} devices or browsers.`}
          </Line>
        )}
      </CardLoad>
    </Card>
  );
}

function WorkflowsCard({ navigate, mayCreate }: AccountScreenProps & { mayCreate: boolean }) {
  return (
    <Card title="Workflows" link="workflows" linkText="Open your workflows" navigate={navigate}>
      <Line>Run predefined analyses on your data and follow their results.</Line>
      {mayCreate ? (
        <p css={{ margin: 0 }}>
          <RouteLink to="workflowsNew" navigate={navigate}>
            Start a new workflow
          </RouteLink>
        </p>
      ) : null}
    </Card>
  );
}

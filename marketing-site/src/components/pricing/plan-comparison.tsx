import type { PricingPlan } from '@dcipher/shared/contract';
import type { CurrencyCode } from '@dcipher/shared/domain';
import { theme } from '@dcipher/shared/ui';
import { type ReactNode, useId } from 'react';
import { planPrice, RecommendedBadge } from './plan-cards';
import { quotaWording } from './quota-labels';

const cell = {
  padding: '0.75rem',
  borderBottom: `1px solid ${theme.colors.border}`,
  verticalAlign: 'top',
} as const;

/**
 * On a phone the table scrolls sideways inside this box; the box takes keyboard focus so it can be scrolled without
 * a pointer (axe: scrollable-region-focusable), and is named by the heading above it.
 */
function ScrollRegion({
  labelledBy,
  describedBy,
  children,
}: {
  labelledBy: string;
  describedBy: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
      css={{
        overflowX: 'auto',
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '12px',
        '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
      }}
    >
      {children}
    </section>
  );
}

/**
 * The plans side by side: one column per plan, one row per quota, each row saying what its unit is. On a narrow
 * screen the table scrolls inside its own focusable, named box (the quota column stays put), never the page.
 */
export function PlanComparison({
  plans,
  currency,
  recommendedId,
}: {
  plans: readonly PricingPlan[];
  currency: CurrencyCode;
  recommendedId: string | undefined;
}) {
  const headingId = useId();
  const noteId = useId();
  // Rows in the order the plans list their quotas (the spec's order), each label once.
  const labels = [...new Set(plans.flatMap((plan) => plan.quotas.map((quota) => quota.label)))];
  if (labels.length === 0) return null;
  return (
    <div>
      <h2 id={headingId} css={{ fontSize: '1.6rem', margin: '0 0 0.5rem' }}>
        Compare what each plan includes
      </h2>
      <p id={noteId} css={{ margin: '0 0 1rem', color: theme.colors.muted, maxWidth: '65ch' }}>
        Each row is a quota: how much of one kind of use a plan includes. Past a quota, use is paid from
        pay-as-you-go credits.
      </p>
      <ScrollRegion labelledBy={headingId} describedBy={noteId}>
        <table
          css={{
            borderCollapse: 'separate',
            borderSpacing: 0,
            width: '100%',
            minWidth: '40rem',
            tableLayout: 'auto',
          }}
        >
          <caption
            css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            Quotas of each plan
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                css={{
                  ...cell,
                  textAlign: 'left',
                  position: 'sticky',
                  left: 0,
                  background: theme.colors.surface,
                  borderBottomWidth: 2,
                  // Narrow on a phone so a plan's column shows beside it; the table scrolls under it.
                  width: '9.5rem',
                  '@media (min-width: 40rem)': { width: '16rem' },
                }}
              >
                Quota
              </th>
              {plans.map((plan) => {
                const price = planPrice(plan, currency);
                return (
                  <th
                    key={plan.id}
                    scope="col"
                    css={{
                      ...cell,
                      textAlign: 'left',
                      borderBottomWidth: 2,
                      background: plan.id === recommendedId ? theme.colors.canvas : theme.colors.surface,
                    }}
                  >
                    <span css={{ display: 'block', fontSize: '1.05rem' }}>{plan.name}</span>
                    {plan.id === recommendedId ? <RecommendedBadge /> : null}
                    <span css={{ display: 'block', fontWeight: 400, color: theme.colors.muted }}>
                      {price.amount}
                      {price.per ? ` ${price.per}` : ''}
                    </span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {labels.map((label) => {
              const wording = quotaWording[label];
              return (
                <tr key={label}>
                  <th
                    scope="row"
                    css={{
                      ...cell,
                      textAlign: 'left',
                      position: 'sticky',
                      left: 0,
                      background: theme.colors.surface,
                      fontWeight: 400,
                    }}
                  >
                    <span css={{ display: 'block', fontWeight: 600 }}>{wording.short}</span>
                    <span css={{ display: 'block', fontSize: '0.875rem', color: theme.colors.muted }}>
                      {wording.unit}
                    </span>
                  </th>
                  {plans.map((plan) => (
                    <td
                      key={plan.id}
                      css={{
                        ...cell,
                        whiteSpace: 'nowrap',
                        background: plan.id === recommendedId ? theme.colors.canvas : undefined,
                      }}
                    >
                      {plan.quotas.find((quota) => quota.label === label)?.value ?? 'Not included'}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}

import type { FlowCost } from '@dcipher/shared/contract/flows';
import { theme } from '@dcipher/shared/ui';
import { count, usageCategoryLabels } from './workflow-words';

/** "12 credits" / "1 credit". */
export const credits = (value: number) => `${count(value)} credit${value === 1 ? '' : 's'}`;

/**
 * What a run would use (`POST /flows/calculate-cost`): the documents, what the plan's quota still covers, the
 * credits the wallet would pay and its balance, and why it cannot run when it cannot.
 */
export function CostSummary({ cost }: { cost: FlowCost }) {
  return (
    <div data-testid="flow-cost">
      <dl
        css={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: '0.1rem 1rem',
          margin: '0 0 0.75rem',
          '& dt': { color: theme.colors.muted },
          '& dd': { margin: '0 0 0.4rem', fontWeight: 600 },
          // Side by side where there is room; a phone reads each figure under its label.
          '@media (min-width: 30rem)': {
            gridTemplateColumns: 'minmax(0, 1fr) auto',
            rowGap: '0.35rem',
            '& dd': { margin: 0, textAlign: 'right' },
          },
        }}
      >
        <dt>Documents to analyse</dt>
        <dd>{count(cost.documents)}</dd>
        {cost.lines.map((line) => (
          <Line key={line.usageCategory} line={line} />
        ))}
        <dt>From your wallet</dt>
        <dd data-testid="credits-needed">
          {cost.creditsNeeded === 0 ? 'Included in your plan' : credits(cost.creditsNeeded)}
        </dd>
        <dt>Wallet balance</dt>
        <dd>{credits(cost.balance)}</dd>
      </dl>
      {cost.allowed ? null : (
        <p
          role="alert"
          css={{
            margin: 0,
            padding: '0.6rem 0.8rem',
            borderRadius: theme.radius,
            background: theme.colors.dangerSurface,
            color: theme.colors.danger,
          }}
        >
          It cannot run now. {cost.reason ?? 'Your plan and wallet do not cover it.'}
        </p>
      )}
    </div>
  );
}

function Line({ line }: { line: FlowCost['lines'][number] }) {
  const label = usageCategoryLabels[line.usageCategory] ?? line.usageCategory;
  const covered = Math.min(line.quantity, line.includedRemaining);
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {count(covered)} of {count(line.quantity)} in your plan
        {line.payable > 0 ? `, ${count(line.payable)} paid (${credits(line.credits)})` : ''}
      </dd>
    </>
  );
}

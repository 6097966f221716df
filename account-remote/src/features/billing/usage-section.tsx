import { contract, type UsageDetails } from '@dcipher/shared/contract';
import { formatDate } from '@dcipher/shared/format';
import { theme } from '@dcipher/shared/ui';
import { contractQuery, useLoad } from '../../kit/contract-query';
import { LoadState } from '../../kit/load-state';
import { ScreenSection } from '../../kit/screen-section';
import { UsageMeter, usageAmount } from '../../kit/usage-meter';

const numberFormat = new Intl.NumberFormat('en-GB');

/** This period's use of each quota as a bar (docs/decisions/0042); past 100 % is paid from the wallet. */
export function UsageSection() {
  const { result, reload } = useLoad(contractQuery(contract.usage.getUsageDetails));
  return (
    <ScreenSection title="Usage this period">
      <LoadState load={result} loadingText="Loading your usage…" onRetry={() => void reload()}>
        {(usage: UsageDetails) => (
          <>
            <p css={{ marginTop: 0, color: theme.colors.muted }}>
              From {formatDate(usage.periodStart)} to {formatDate(usage.periodEnd)}. Use past your plan and
              add-ons is paid from your wallet at the pay-as-you-go prices.
            </p>
            <ul
              aria-label="Quotas"
              css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.9rem' }}
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
                      <span css={{ fontWeight: 600 }}>{line.label}</span>
                      <span>
                        {usageAmount(line)}
                        {line.addOns > 0 ? ` (${numberFormat.format(line.addOns)} from add-ons)` : ''}
                      </span>
                    </div>
                    <UsageMeter line={line} height="0.9rem" />
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </LoadState>
    </ScreenSection>
  );
}

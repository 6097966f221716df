import type { UsageDetails } from '@dcipher/shared/contract';

type UsageLine = UsageDetails['lines'][number];

const numberFormat = new Intl.NumberFormat('en-GB');

/** What a usage line allows this period: the plan's quota and the add-ons bought; 0 is pay-as-you-go. */
export const usageAllowance = (line: UsageLine) => line.included + line.addOns;

/** "1,200 of 250,000 posts", or "1,200 tokens, pay-as-you-go" for a line with no allowance. */
export function usageAmount(line: UsageLine): string {
  const total = usageAllowance(line);
  return total === 0
    ? `${numberFormat.format(line.used)} ${line.unit}, pay-as-you-go`
    : `${numberFormat.format(line.used)} of ${numberFormat.format(total)} ${line.unit}`;
}

/** The share of a line's allowance used, as a meter (none for a pay-as-you-go line). */
export function UsageMeter({ line, height }: { line: UsageLine; height: string }) {
  if (usageAllowance(line) === 0) return null;
  return (
    <meter
      min={0}
      max={100}
      low={80}
      high={99}
      optimum={0}
      value={Math.min(line.percentUsed, 100)}
      aria-label={`${line.label}: ${line.percentUsed} % used`}
      css={{ width: '100%', height }}
    />
  );
}

import type { RunInsights } from '@dcipher/shared/contract/flows';
import { RunInsightsView as InsightsView } from '@dcipher/shared/insights';

/**
 * A run's result on the workflow screen: the one result view of `@dcipher/shared/insights` (docs/decisions/0105),
 * the same the store's pages draw on the server, here in the browser. Its chunk (`workflows-insights`) holds the
 * view and visx, loaded only when a run's result is shown.
 */
export default function RunInsightsView({ insights }: { insights: RunInsights }) {
  return (
    <div data-testid="run-insights" css={{ minWidth: 0 }}>
      <InsightsView insights={insights} />
    </div>
  );
}

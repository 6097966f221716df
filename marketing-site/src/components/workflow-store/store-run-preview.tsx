import { BarChart, formatCount } from '@dcipher/shared/insights';
import { theme } from '@dcipher/shared/ui';
import type { StorePreview } from '../../build/store-preview.mjs';

/**
 * A store card's result at a glance (issue 36 point 2): the headline finding of its sample's last run and a small
 * chart of the keywords found in the most documents, drawn with the store page's own chart (no other chart
 * library). The chart's label says its figures, so a screen reader hears them; the store page has the full tables.
 */
export function StoreRunPreview({
  workflowName,
  preview,
}: {
  workflowName: string;
  preview: StorePreview | null;
}) {
  if (!preview) {
    return (
      <p css={{ margin: '0 0 1rem', color: theme.colors.muted }}>
        Its sample's first run is being prepared: its findings appear here once it has run.
      </p>
    );
  }
  const label = `${workflowName}, documents mentioning its top keywords in the sample: ${preview.keywords
    .map((keyword) => `${keyword.term} ${formatCount(keyword.documents)}`)
    .join(', ')}`;
  return (
    <figure css={{ margin: '0 0 1.25rem', minWidth: 0 }}>
      {preview.headline ? (
        <p css={{ margin: '0 0 0.75rem', fontWeight: 600 }} data-store-headline="">
          {preview.headline}
        </p>
      ) : null}
      {preview.keywords.length > 0 ? (
        <BarChart
          label={label}
          labelCharacters={28}
          data={preview.keywords.map((keyword) => ({ label: keyword.term, value: keyword.documents }))}
        />
      ) : null}
      <figcaption css={{ marginTop: '0.5rem', color: theme.colors.muted, fontSize: '0.9rem' }}>
        Documents mentioning each top keyword, of {formatCount(preview.documentsAnalysed)} in its sample's
        last run
      </figcaption>
    </figure>
  );
}

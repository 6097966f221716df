import { type ReactNode, useId, useRef, useState } from 'react';
import { focusRingStyles } from '../ui/focus-ring.js';
import { visuallyHidden } from '../ui/text-field.js';
import { theme } from '../ui/theme.js';
import type { DocumentSelector } from './documents.js';
import { downloadCsv, downloadPng, downloadSvg } from './export.js';
import { FigureTable } from './figure-table.js';
import { cellText, type FigureData } from './figures.js';

export type HeadingLevel = 'h2' | 'h3' | 'h4';

const smallButton = {
  font: 'inherit',
  fontSize: '0.875rem',
  fontWeight: 600,
  minHeight: '2.25rem',
  minWidth: '2.75rem',
  padding: '0.25rem 0.6rem',
  borderRadius: theme.radius,
  border: `1px solid ${theme.colors.border}`,
  background: theme.colors.surface,
  color: theme.colors.brandDark,
  cursor: 'pointer',
  ...focusRingStyles,
} as const;

/**
 * One chart of the result: its title (saying what it counts), the chart, its downloads (SVG, PNG, and CSV of the
 * figures) and its figures as a table behind a toggle, the same rows the chart draws. When the page can show the
 * documents behind a figure (`onShowDocuments`), each row of the table offers them.
 */
export function ChartCard({
  title,
  intro,
  chart,
  figure,
  headingLevel: Heading = 'h3',
  selectorOf,
  onShowDocuments,
  children,
}: {
  title: string;
  intro?: ReactNode;
  chart?: ReactNode;
  figure: FigureData;
  headingLevel?: HeadingLevel;
  selectorOf?: (rowIndex: number) => DocumentSelector | undefined;
  onShowDocuments?: (selector: DocumentSelector) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const drawing = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string>();
  const svg = () => drawing.current?.querySelector<SVGSVGElement>('svg[data-chart]') ?? null;
  const drillDown =
    onShowDocuments && selectorOf
      ? {
          label: 'Documents',
          cell: (rowIndex: number) => {
            const selector = selectorOf(rowIndex);
            const row = figure.rows[rowIndex];
            if (!selector || !row) return null;
            return (
              <button
                type="button"
                css={smallButton}
                aria-label={`Show documents: ${cellText(figure.columns[0], row[0] ?? '')}`}
                onClick={() => onShowDocuments(selector)}
              >
                Show documents
              </button>
            );
          },
        }
      : undefined;
  return (
    <section
      aria-labelledby={id}
      className="insights-chart"
      css={{
        margin: 0,
        padding: '1rem',
        border: `1px solid ${theme.colors.border}`,
        borderRadius: '12px',
        background: theme.colors.surface,
        minWidth: 0,
      }}
    >
      <Heading id={id} css={{ margin: '0 0 0.35rem', fontSize: '1.1rem', lineHeight: 1.3 }}>
        {title}
      </Heading>
      {intro ? (
        <p css={{ margin: '0 0 0.75rem', color: theme.colors.muted, maxWidth: '70ch' }}>{intro}</p>
      ) : null}
      {chart ? (
        <div ref={drawing} css={{ width: '100%', minWidth: 0, margin: '0.5rem 0' }}>
          {chart}
        </div>
      ) : null}
      {children}
      {/* biome-ignore lint/a11y/useSemanticElements: a row of buttons, not a form's fieldset */}
      <div
        role="group"
        aria-label={`Downloads: ${title}`}
        css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center', marginTop: '0.75rem' }}
      >
        <span css={{ color: theme.colors.muted, fontSize: '0.875rem' }}>Download</span>
        {chart ? (
          <>
            <button
              type="button"
              css={smallButton}
              aria-label={`Download ${title} as SVG`}
              onClick={() => {
                const element = svg();
                if (element) downloadSvg(title, element);
              }}
            >
              SVG
            </button>
            <button
              type="button"
              css={smallButton}
              aria-label={`Download ${title} as PNG`}
              onClick={() => {
                const element = svg();
                setFailure(undefined);
                if (element)
                  downloadPng(title, element).catch(() =>
                    setFailure('The PNG could not be made in this browser; download the SVG instead.'),
                  );
              }}
            >
              PNG
            </button>
          </>
        ) : null}
        <button
          type="button"
          css={smallButton}
          aria-label={`Download ${title} as CSV`}
          onClick={() => downloadCsv(title, figure)}
        >
          CSV
        </button>
        {failure ? (
          <span role="alert" css={{ color: theme.colors.danger, fontSize: '0.875rem' }}>
            {failure}
          </span>
        ) : null}
      </div>
      {chart ? (
        <details css={{ marginTop: '0.5rem' }}>
          <summary
            css={{
              cursor: 'pointer',
              color: theme.colors.brandDark,
              fontWeight: 600,
              padding: '0.35rem 0',
              ...focusRingStyles,
            }}
          >
            The figures as a table<span css={visuallyHidden}>: {title}</span>
          </summary>
          <FigureTable caption={title} columns={figure.columns} rows={figure.rows} action={drillDown} />
        </details>
      ) : (
        // The card's heading, just above, says what the table is: not written a second time.
        <FigureTable
          caption={title}
          captionShown={false}
          columns={figure.columns}
          rows={figure.rows}
          action={drillDown}
        />
      )}
    </section>
  );
}

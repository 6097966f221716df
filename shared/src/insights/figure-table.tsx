import type { ReactNode } from 'react';
import { visuallyHidden } from '../ui/text-field.js';
import { theme } from '../ui/theme.js';
import { cellText, type FigureCell, type FigureColumn } from './figures.js';

const cellStyle = (numeric: boolean) =>
  ({
    // Numbers sit right under a right-aligned heading, their digits in columns (tabular figures).
    textAlign: numeric ? 'right' : 'left',
    fontVariantNumeric: numeric ? 'tabular-nums' : undefined,
    whiteSpace: numeric ? 'nowrap' : undefined,
    padding: '0.4rem 0.5rem',
    borderBottom: `1px solid ${theme.colors.border}`,
    verticalAlign: 'top',
    // `break-word`, not `anywhere`: a long word may still break, but it does not shrink the column's minimum width
    // (with `anywhere` a phone squeezed the term column to one letter a line); a table wider than the phone scrolls.
    overflowWrap: 'break-word',
  }) as const;

/**
 * A table of figures: the first column names the row (a row header), numeric columns are right-aligned with
 * their headings. A table wider than a phone scrolls sideways in its own box, which the keyboard can reach.
 */
export function FigureTable({
  caption,
  columns,
  rows,
  action,
  captionShown = true,
}: {
  caption: string;
  /** False when a visible heading right above already says it: the caption is then for screen readers only. */
  captionShown?: boolean;
  columns: readonly FigureColumn[];
  rows: readonly (readonly (FigureCell | ReactNode)[])[];
  /** An extra last column, e.g. the button to a row's documents. */
  action?: { label: string; cell: (rowIndex: number) => ReactNode };
}) {
  return (
    // A group, not a region: the chart's card is already the region of that name (two landmarks of one name are
    // one too many for a screen reader's landmark list, axe's landmark-unique).
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form controls; this groups a scrolling table
    <div
      role="group"
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
      tabIndex={0}
      css={{
        overflowX: 'auto',
        marginTop: '0.5rem',
        '&:focus-visible': { outline: `3px solid ${theme.colors.focus}`, outlineOffset: 2 },
      }}
    >
      <table css={{ borderCollapse: 'collapse', width: '100%', fontSize: '0.95rem' }}>
        <caption
          css={
            captionShown
              ? { textAlign: 'left', color: theme.colors.muted, marginBottom: '0.35rem' }
              : visuallyHidden
          }
        >
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                data-numeric={column.numeric ? '' : undefined}
                css={{
                  ...cellStyle(Boolean(column.numeric)),
                  // A heading wraps between its words ("In this / narrative"); the numbers under it do not.
                  whiteSpace: 'normal',
                  borderBottom: `2px solid ${theme.colors.border}`,
                }}
              >
                {column.label}
              </th>
            ))}
            {action ? (
              <th scope="col" css={cellStyle(false)}>
                {action.label}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((value, index) => {
                const column = columns[index];
                const shown =
                  typeof value === 'string' || typeof value === 'number' ? cellText(column, value) : value;
                return index === 0 ? (
                  <th key={index} scope="row" css={{ ...cellStyle(false), fontWeight: 600 }}>
                    {shown}
                  </th>
                ) : (
                  <td
                    key={index}
                    data-numeric={column?.numeric ? '' : undefined}
                    css={cellStyle(Boolean(column?.numeric))}
                  >
                    {shown}
                  </td>
                );
              })}
              {action ? <td css={cellStyle(false)}>{action.cell(rowIndex)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

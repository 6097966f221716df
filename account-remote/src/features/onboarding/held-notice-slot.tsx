import type { NoticeHeights } from '@dcipher/shared/federation';
import { theme } from '@dcipher/shared/ui';
import type { ReactNode } from 'react';

const rem = (value: number) => `${value}rem`;

/** A minimum height for each band of the page's width: the band's `height` plus `extra`. */
export function heightsByWidth({ bands }: NoticeHeights, extra = 0) {
  return Object.fromEntries(
    bands.map(({ from, height }, index) =>
      index === 0
        ? ['minHeight', rem(height + extra)]
        : [`@media (min-width: ${from})`, { minHeight: rem(height + extra) }],
    ),
  );
}

/**
 * A held notice's box: its heights are the slot's (it fills the space reserved for it exactly, taller only if its
 * words ever need it), its margin inside the slot.
 */
export function heldNoticeStyle(heights: NoticeHeights) {
  return {
    border: `1px solid ${theme.colors.border}`,
    borderRadius: theme.radius,
    padding: '0.75rem 1rem',
    margin: `0 0 ${rem(heights.margin)}`,
    background: theme.colors.canvas,
    boxSizing: 'border-box',
    ...heightsByWidth(heights),
  } as const;
}

/**
 * Where sign-up names a choice made before it (the workflow, the plan) above its form. The site's HTML of the form is
 * built without the address, so the notice only appears once the form is live; when the page's head saw the choice
 * in the address it set `attribute` on `<html>`, and this slot holds the notice's height (and margin) from the first
 * paint, so nothing below it moves when the notice arrives (decisions 0127 and 0136). The notice's box is
 * `heldNoticeStyle(heights)`.
 */
export function HeldNoticeSlot({
  kind,
  attribute,
  heights,
  children,
}: {
  /** What the notice names: the slot is marked `data-chosen-<kind>-slot`. */
  kind: 'workflow' | 'plan';
  attribute: string;
  heights: NoticeHeights;
  children: ReactNode;
}) {
  return (
    <div
      {...{ [`data-chosen-${kind}-slot`]: '' }}
      css={{
        // Its own formatting context: the notice's margin stays inside the reserved height.
        display: 'flow-root',
        [`html[${attribute}] &`]: heightsByWidth(heights, heights.margin),
      }}
    >
      {children}
    </div>
  );
}

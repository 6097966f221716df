import { theme } from './theme.js';

/** The product's focus ring: 3 px, the focus colour, set off from the control. */
export const focusRing = { outline: `3px solid ${theme.colors.focus}`, outlineOffset: '2px' } as const;

/**
 * Global styles giving every focusable element the focus ring when focused from the keyboard: links in text,
 * checkboxes and radio buttons, which browsers otherwise draw with a thin ring of their own (about 1 px on a
 * checkbox). `:where` keeps the rule's weight at zero, so a component's own ring still wins. The site's layout and
 * the remote's standalone shell include it; in the site the remote's screens get the site's.
 */
export const focusRingStyles = {
  ':where(a, button, input, select, textarea, summary, [tabindex]):focus-visible': focusRing,
} as const;

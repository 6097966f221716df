import { type ReactElement, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

/**
 * Gatsby's first render (gatsby-browser `replaceHydrateFunction`). The server's HTML is hydrated as a transition:
 * React then works in slices of a few milliseconds and lets the browser paint and answer input in between,
 * instead of one long task that blocks the page (Total Blocking Time) on a slow phone. The page looks the same
 * throughout: it is the server's HTML until React takes it over. A page without server HTML (a client-only
 * route's empty shell) is rendered, as Gatsby does. docs/decisions/0049.
 */
export function hydratePage(element: ReactElement, container: Element | null): void {
  if (!container) return;
  const serverRendered = Boolean(document.getElementById('gatsby-focus-wrapper')?.children.length);
  if (!serverRendered) {
    createRoot(container).render(element);
    return;
  }
  startTransition(() => {
    hydrateRoot(container, element);
  });
}

/**
 * Resolves in a later task: the browser paints and answers input in between. The site's start-up waits for it
 * after its scripts have been evaluated (gatsby-browser `onClientEntry`), so evaluating React, Gatsby and the
 * app's modules is one task and starting the page (auth store, page data, routing) another, instead of one long
 * task on a slow phone (docs/decisions/0051).
 */
export function yieldToBrowser(): Promise<void> {
  // A timer at the first nesting level runs as the next task (browsers clamp only deeply nested ones).
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

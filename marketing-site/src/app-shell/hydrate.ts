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

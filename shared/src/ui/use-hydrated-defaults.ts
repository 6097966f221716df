import { useEffect, useState } from 'react';

/**
 * A server-rendered form's starting values and whether it has hydrated. A visitor may type before the page's
 * script runs (a site form, or the login form the site's HTML carries before the account remote arrives, 0054):
 * what the DOM holds then becomes the form's default, so hydration keeps it (react-hook-form would otherwise set
 * each field back to its default when it registers it). Until the form has hydrated, submitting would post it
 * natively (a reload, values in the URL): `ready` is false for that moment, and the submit button stays
 * disabled, which also stops Enter from submitting. A form rendered in the browser finds no such DOM and starts
 * from `defaults`.
 */
export function useHydratedDefaults<TValues extends Record<string, string | boolean>>(
  formLabel: string,
  defaults: TValues,
): { defaultValues: TValues; ready: boolean } {
  const [defaultValues] = useState(() => {
    if (typeof document === 'undefined') return defaults;
    const typed = { ...defaults };
    for (const [name, fallback] of Object.entries(defaults)) {
      const element = document.querySelector<HTMLInputElement>(
        `form[aria-label="${formLabel}"] [name="${name}"]`,
      );
      if (!element) continue;
      if (typeof fallback === 'boolean') Object.assign(typed, { [name]: element.checked });
      else if (element.value !== '') Object.assign(typed, { [name]: element.value });
    }
    return typed;
  });
  return { defaultValues, ready: useHydrated() };
}

/**
 * False in a page's HTML and while React hydrates it, true once the component is live (its effects have run): for
 * controls that cannot do anything before their script runs.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

import { useEffect, useState } from 'react';

/**
 * A server-rendered form's starting values and whether the page has hydrated. A visitor may type before the
 * page's script runs: what the DOM holds then becomes the form's default, so hydration keeps it. Until the page
 * has hydrated, submitting would post the form natively (a reload, values in the URL): `ready` is false for that
 * moment, and the submit button stays disabled.
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
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return { defaultValues, ready };
}

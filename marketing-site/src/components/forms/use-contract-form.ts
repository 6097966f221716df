import type { ApiClient } from '@dcipher/shared/client';
import type { EndpointDefinition, EndpointOutput } from '@dcipher/shared/contract';
import { focusFirstInvalidField } from '@dcipher/shared/ui';
import { errorCatalogue, type FieldErrors, validateForm } from '@dcipher/shared/validation';
import { type FormEvent, useEffect, useState } from 'react';
import { withAnalytics } from '../../app-shell/with-analytics';
import { browserConfig } from '../../site-config';

type Submission<TResult> =
  | { state: 'editing' }
  | { state: 'submitting' }
  | { state: 'failed'; message: string }
  | { state: 'done'; result: TResult };

let clientPromise: Promise<ApiClient> | undefined;

/** The contract-derived client, loaded when a form is first submitted (not part of the page's first load). */
function publicApi(): Promise<ApiClient> {
  clientPromise ??= import('@dcipher/shared/client').then(({ createApiClient }) =>
    createApiClient({ baseUrl: browserConfig.apiBaseUrl }),
  );
  return clientPromise;
}

/**
 * A marketing form posting to one contract endpoint: validates with the endpoint's own body schema, shows the
 * spec's message per field, keeps every value on failure, and reports the server's catalogue message.
 */
export function useContractForm<TEndpoint extends EndpointDefinition & { body: { schema: unknown } }>(
  endpoint: TEndpoint,
  initialValues: Record<string, string | boolean>,
) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submission, setSubmission] = useState<Submission<EndpointOutput<TEndpoint>>>({ state: 'editing' });
  // Until the page has hydrated, submitting would post the form natively (a reload, values in the URL): the
  // submit button stays disabled for that moment.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // Keep whatever the visitor typed before hydration (the DOM has it; React's state does not yet).
    const typed: Record<string, string | boolean> = {};
    for (const name of Object.keys(initialValues)) {
      const element = document.querySelector<HTMLInputElement>(`form [name="${name}"]`);
      if (!element) continue;
      if (element.type === 'checkbox') {
        if (element.checked) typed[name] = true;
      } else if (element.value !== '') typed[name] = element.value;
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
    setReady(true);
  }, []);

  const field = (name: string) => ({
    name,
    value: String(values[name] ?? ''),
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const checkbox = (name: string) => ({
    name,
    checked: Boolean(values[name]),
    error: errors[name],
    onChange: (event: { target: { checked: boolean } }) =>
      setValues((current) => ({ ...current, [name]: event.target.checked })),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const candidate = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));
    const validation = validateForm(endpoint.body.schema as never, candidate);
    if (!validation.success) {
      setErrors(validation.errors);
      setSubmission({ state: 'editing' });
      focusFirstInvalidField(validation.errors);
      return;
    }
    setErrors({});
    setSubmission({ state: 'submitting' });
    try {
      const api = await publicApi();
      const result = await api.call(endpoint, { body: validation.output } as never);
      setSubmission({ state: 'done', result: result as EndpointOutput<TEndpoint> });
      // A form that leaves an email is a lead for the affiliate programme (a no-op unless it is enabled).
      const email = (validation.output as { email?: unknown }).email;
      if (typeof email === 'string') {
        withAnalytics(({ affiliate }) => {
          affiliate.trackEmailToClickLink(email);
          affiliate.trackLeadConversion(email);
        });
      }
    } catch (error) {
      const apiError = error as { message?: string; issues?: FieldErrors };
      setErrors(apiError.issues ?? {});
      setSubmission({ state: 'failed', message: apiError.message ?? errorCatalogue.serverError });
    }
  }

  return { field, checkbox, onSubmit, submission, errors, ready, values };
}

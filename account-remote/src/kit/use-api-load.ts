import { ApiError } from '@dcipher/shared/client';
import { errorCatalogue } from '@dcipher/shared/validation';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ApiLoad<T> =
  | { state: 'loading' }
  | { state: 'loaded'; data: T }
  | { state: 'failed'; message: string };

/** The message to show for a failed call: the API's (catalogue) message, or "Server error". */
export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : errorCatalogue.serverError;

/** Loads once on mount; `reload` loads again (after a change, or "Try again" after a failure). */
export function useApiLoad<T>(load: () => Promise<T>) {
  const [result, setResult] = useState<ApiLoad<T>>({ state: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(async () => {
    setResult((current) => (current.state === 'loaded' ? current : { state: 'loading' }));
    try {
      setResult({ state: 'loaded', data: await loadRef.current() });
    } catch (error) {
      setResult({ state: 'failed', message: messageOf(error) });
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { result, reload };
}

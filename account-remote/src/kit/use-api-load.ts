import { ApiError } from '@dcipher/shared/client';
import { errorCatalogue } from '@dcipher/shared/validation';

/** A read as a screen shows it (docs/decisions/0080, 0122: read through `useLoad` and contract query options). */
export type ApiLoad<T> =
  | { state: 'loading' }
  | { state: 'loaded'; data: T }
  | { state: 'failed'; message: string };

/** The message to show for a failed call: the API's (catalogue) message, or "Server error". */
export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : errorCatalogue.serverError;

/** Loading until an answer; a failure shows its message, and "Try again" shows loading again until it answers. */
export function toApiLoad<T>(query: {
  status: 'pending' | 'error' | 'success';
  fetchStatus: 'fetching' | 'paused' | 'idle';
  data: T | undefined;
  error: unknown;
}): ApiLoad<T> {
  if (query.status === 'error') {
    return query.fetchStatus === 'fetching'
      ? { state: 'loading' }
      : { state: 'failed', message: messageOf(query.error) };
  }
  if (query.status === 'pending') return { state: 'loading' };
  return { state: 'loaded', data: query.data as T };
}

/** Two loads as one: loading until both have answered, failed as soon as either has. */
export function bothLoads<A, B>(first: ApiLoad<A>, second: ApiLoad<B>): ApiLoad<[A, B]> {
  if (first.state === 'failed') return first;
  if (second.state === 'failed') return second;
  if (first.state === 'loading' || second.state === 'loading') return { state: 'loading' };
  return { state: 'loaded', data: [first.data, second.data] };
}

/** A load's data changed by `change` once loaded. */
export function mapLoad<A, B>(load: ApiLoad<A>, change: (data: A) => B): ApiLoad<B> {
  return load.state === 'loaded' ? { state: 'loaded', data: change(load.data) } : load;
}

import { ApiError } from '@dcipher/shared/client';
import { errorCatalogue } from '@dcipher/shared/validation';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef } from 'react';
import { useRemoteQueryClient } from './query-client';

export type ApiLoad<T> =
  | { state: 'loading' }
  | { state: 'loaded'; data: T }
  | { state: 'failed'; message: string };

/** The message to show for a failed call: the API's (catalogue) message, or "Server error". */
export const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : errorCatalogue.serverError;

export interface ApiLoadOptions {
  /**
   * The read's key in the shared cache (`queryKeys`): screens reading the same key share one request and one
   * answer, and a change elsewhere invalidates it. Without one the read is this component's own (still one request
   * at a time, never an older answer over a newer one), dropped from the cache when the component goes.
   */
  key?: QueryKey;
  /** False: do not load (yet); the state stays "loading". */
  enabled?: boolean;
}

/**
 * A read through the remote's query cache (docs/decisions/0080), shaped as the screens' `ApiLoad`: loading, loaded
 * or failed with the message to show. `reload` fetches again (after a change, or "Try again"), cancelling a fetch
 * still in flight so its late answer is dropped; the data on screen stays while it reloads.
 */
export function useApiLoad<T>(load: () => Promise<T>, options: ApiLoadOptions = {}) {
  const ownKey = useId();
  const loadRef = useRef(load);
  loadRef.current = load;
  const client = useRemoteQueryClient();
  const query = useQuery(
    {
      queryKey: options.key ?? ['component', ownKey],
      queryFn: () => loadRef.current(),
      enabled: options.enabled ?? true,
      ...(options.key ? {} : { gcTime: 0 }),
    },
    client,
  );
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch({ cancelRefetch: true });
  }, [refetch]);
  return { result: toApiLoad<T>(query), reload };
}

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

/**
 * After a change: marks the reads under `key` (a `queryKeys` entry or prefix) out of date and fetches those on
 * screen again, resolving once they have answered. A read elsewhere (the overview's) is fresh when next shown.
 */
export function useInvalidate() {
  const client = useRemoteQueryClient();
  return useCallback((key: QueryKey) => client.invalidateQueries({ queryKey: key }), [client]);
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

import { authenticatedApi } from '@dcipher/shared/auth';
import type { CallOptions } from '@dcipher/shared/client';
import type { EndpointDefinition, EndpointInput, EndpointOutput } from '@dcipher/shared/contract';
import {
  type DataTag,
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQueries,
  useQuery,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { changedBy, changesEveryRead } from './invalidations';
import { useRemoteQueryClient } from './query-client';
import { type ApiLoad, toApiLoad } from './use-api-load';

/** An endpoint's input as an argument: required when the endpoint declares params, a query or a body. */
export type InputArgs<TEndpoint extends EndpointDefinition> =
  Record<string, never> extends EndpointInput<TEndpoint>
    ? [input?: EndpointInput<TEndpoint>]
    : [input: EndpointInput<TEndpoint>];

/**
 * A read's key, derived from the contract (docs/decisions/0119): the call's operation name, then its params and
 * query (and the body of a read sent as a POST, such as a price). Two screens asking the same call with the same
 * input share one entry; `[operation]` alone is the prefix of every read of that call, which a change invalidates.
 */
export const contractKey = (
  endpoint: EndpointDefinition,
  input?: { params?: unknown; query?: unknown; body?: unknown },
) =>
  [
    endpoint.operation,
    {
      params: input?.params ?? {},
      query: input?.query ?? {},
      ...(input?.body === undefined ? {} : { body: input.body }),
    },
  ] as const;

/** A read's key as `contractKey` makes it. */
export type ContractKey = readonly [
  operation: string,
  input: { readonly params: unknown; readonly query: unknown },
];

/** One contract read's options: its key, tagged with the answer's type, and the call. */
export interface ContractQueryOptions<TEndpoint extends EndpointDefinition> {
  queryKey: DataTag<ContractKey, EndpointOutput<TEndpoint>, Error>;
  queryFn: () => Promise<EndpointOutput<TEndpoint>>;
}

/**
 * The query options of one contract read: its key (`contractKey`) and its typed answer through the signed-in
 * client. Each area's `*-queries.ts` names its reads with these; screens pass them to `useQuery`/`useLoad`, tests
 * read and seed the cache with the same options.
 */
export function contractQuery<TEndpoint extends EndpointDefinition>(
  endpoint: TEndpoint,
  ...[input]: InputArgs<TEndpoint>
): ContractQueryOptions<TEndpoint> {
  return {
    queryKey: contractKey(endpoint, input) as ContractQueryOptions<TEndpoint>['queryKey'],
    queryFn: () => authenticatedApi().call(endpoint, input as EndpointInput<TEndpoint>),
  };
}

/**
 * A read through the cache, shaped as the screens' `ApiLoad` (loading, loaded, failed with its message); `reload`
 * fetches again ("Try again"), cancelling a fetch in flight so its late answer is dropped.
 */
export function useLoad<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
) {
  const query = useQuery(options, useRemoteQueryClient());
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch({ cancelRefetch: true });
  }, [refetch]);
  return { result: toApiLoad<TData>(query), reload, query };
}

/** A read (or every read of a call) a change makes out of date: an endpoint, or an endpoint with its params. */
export type Invalidation =
  | EndpointDefinition
  | readonly [endpoint: EndpointDefinition, input: { params?: unknown; query?: unknown }];

const keyOf = (target: Invalidation): QueryKey =>
  Array.isArray(target)
    ? contractKey(target[0] as EndpointDefinition, target[1] as { params?: unknown; query?: unknown })
    : [(target as EndpointDefinition).operation];

export interface ContractMutationOptions<TEndpoint extends EndpointDefinition> {
  /**
   * Reads this change makes out of date besides the ones `invalidations.ts` declares for the call, e.g. one
   * workflow's reads by its params. Every read under them is marked stale and those on screen fetch again.
   */
  invalidates?: (
    input: EndpointInput<TEndpoint>,
    output: EndpointOutput<TEndpoint>,
  ) => readonly Invalidation[];
  /** Writes the answer into the cache (the call answers the changed thing, e.g. `PUT /flows/{flowId}`). */
  writes?: (
    output: EndpointOutput<TEndpoint>,
    input: EndpointInput<TEndpoint>,
  ) => readonly (readonly [QueryKey, unknown])[];
  /**
   * Changes cached reads with the answer, by prefix (every page or filter of a list): each `[key, update]` maps
   * every cached read under `key` that is there, e.g. the workflow lists with the changed workflow in place.
   */
  updates?: (
    output: EndpointOutput<TEndpoint>,
    input: EndpointInput<TEndpoint>,
  ) => readonly (readonly [QueryKey, (cached: never) => unknown])[];
  /** The call's options for one input (a file upload's progress). */
  callOptions?: (input: EndpointInput<TEndpoint>) => CallOptions;
}

/**
 * One contract change (a POST, PUT or DELETE): `mutate(input)`/`mutateAsync(input)` call it through the signed-in
 * client; once it has answered, its answer is written where `writes` says and every read it affects (the call's
 * entry in `invalidations.ts`, plus `invalidates`) is invalidated, so every screen showing them refreshes — the
 * one that changed it and any other open or cached one — without a reload. `isPending`, `error` and `isSuccess`
 * are the busy, failed and done states a screen shows.
 */
export function useContractMutation<TEndpoint extends EndpointDefinition>(
  endpoint: TEndpoint,
  options: ContractMutationOptions<TEndpoint> = {},
) {
  const client = useRemoteQueryClient();
  return useMutation(
    {
      mutationKey: [endpoint.operation],
      mutationFn: (input: EndpointInput<TEndpoint>) =>
        authenticatedApi().call(endpoint, input, options.callOptions?.(input)),
      onSuccess: async (output, input) => {
        for (const [key, data] of options.writes?.(output, input) ?? []) client.setQueryData(key, data);
        for (const [key, update] of options.updates?.(output, input) ?? []) {
          client.setQueriesData({ queryKey: key }, (cached: unknown) =>
            cached === undefined ? cached : update(cached as never),
          );
        }
        if (changesEveryRead(endpoint)) {
          await client.invalidateQueries();
          return;
        }
        const targets = [...changedBy(endpoint), ...(options.invalidates?.(input, output) ?? [])];
        await Promise.all(targets.map((target) => client.invalidateQueries({ queryKey: keyOf(target) })));
      },
    },
    client,
  );
}

type LoadsOf<TReads extends Record<string, ContractQueryOptions<EndpointDefinition>>> = {
  [TName in keyof TReads]: TReads[TName] extends ContractQueryOptions<infer TEndpoint>
    ? EndpointOutput<TEndpoint>
    : never;
};

/**
 * Several reads a screen shows together, each cached under its own contract key (so each is shared with other
 * screens and invalidated by the changes of its own call), as one `ApiLoad` of their answers by name: loading until
 * all have answered, failed as soon as one has. `reload` fetches them all again.
 */
export function useLoads<TReads extends Record<string, ContractQueryOptions<EndpointDefinition>>>(
  reads: TReads,
) {
  const names = Object.keys(reads) as (keyof TReads & string)[];
  const queries = useQueries(
    { queries: names.map((name) => reads[name] as ContractQueryOptions<EndpointDefinition>) },
    useRemoteQueryClient(),
  );
  const loads = queries.map((query) => toApiLoad<unknown>(query));
  const failed = loads.find((load) => load.state === 'failed');
  const result: ApiLoad<LoadsOf<TReads>> = failed
    ? failed
    : loads.some((load) => load.state === 'loading')
      ? { state: 'loading' }
      : {
          state: 'loaded',
          data: Object.fromEntries(
            names.map((name, index) => [name, (loads[index] as { data: unknown }).data]),
          ) as LoadsOf<TReads>,
        };
  const reload = async () => {
    await Promise.all(queries.map((query) => query.refetch({ cancelRefetch: true })));
  };
  return { result, reload };
}

import ky from 'ky';
import * as v from 'valibot';
import {
  type ContentCollection,
  contentEntrySchemas,
  type PublicationState,
  type RawEntryOf,
} from './content-collections.js';
import { contentPath, strapiPath } from './content-path.js';
import { ContentServiceError } from './content-service-error.js';
import { findBySlug } from './find-by-slug.js';
import { StrapiPaginationSchema } from './raw-schemas.js';

/** `rest`: the spec's content service (`_publicationState`, `slug_eq`); `strapi5`: Strapi 5's REST API. */
export type ContentApiFlavour = 'rest' | 'strapi5';

/** Collections whose entries have a slug (all but customers). */
export type SluggedContentCollection = Exclude<ContentCollection, 'customers'>;

export interface ContentClientOptions {
  baseUrl: string;
  /** A CMS API token, sent as a bearer token. */
  token?: string;
  flavour: ContentApiFlavour;
  fetch?: typeof fetch;
  /** Called on any 401 answer before the request fails (the site clears stored tokens, product-spec section 4). */
  onUnauthorized: () => void | Promise<void>;
  timeoutMs?: number;
}

export interface ContentClient {
  list<TCollection extends ContentCollection>(
    collection: TCollection,
    state?: PublicationState,
  ): Promise<RawEntryOf<TCollection>[]>;
  /** The entry with this slug, or undefined when the service answers an empty list. */
  bySlug<TCollection extends SluggedContentCollection>(
    collection: TCollection,
    slug: string,
    state?: PublicationState,
  ): Promise<RawEntryOf<TCollection> | undefined>;
}

const PageEnvelopeSchema = v.looseObject({
  data: v.array(v.unknown()),
  meta: v.optional(v.looseObject({ pagination: v.optional(StrapiPaginationSchema) })),
});

interface Page {
  entries: unknown[];
  pageCount: number;
}

function pageFrom(collection: ContentCollection, payload: unknown): Page {
  // The spec's service answers a bare list; Strapi 5 wraps it in `{ data, meta }`.
  if (Array.isArray(payload)) return { entries: payload, pageCount: 1 };
  const envelope = v.safeParse(PageEnvelopeSchema, payload);
  if (!envelope.success) {
    throw new ContentServiceError(
      `The content service answered ${collection} with no list.`,
      'INVALID_RESPONSE',
      200,
    );
  }
  return { entries: envelope.output.data, pageCount: envelope.output.meta?.pagination?.pageCount ?? 1 };
}

function parseEntries<TCollection extends ContentCollection>(
  collection: TCollection,
  entries: unknown[],
): RawEntryOf<TCollection>[] {
  const schema = contentEntrySchemas[collection];
  return entries.map((entry, index) => {
    const parsed = v.safeParse(schema, entry);
    if (!parsed.success) {
      const issue = parsed.issues[0];
      const where = v.getDotPath(issue) ?? '(entry)';
      throw new ContentServiceError(
        `Invalid ${collection} entry at index ${index}: ${where}: ${issue.message}`,
        'INVALID_RESPONSE',
        200,
      );
    }
    return parsed.output as RawEntryOf<TCollection>;
  });
}

/** Reads the content collections from the CMS; answers are validated against the raw schemas. */
export function createContentClient(options: ContentClientOptions): ContentClient {
  const http = ky.create({
    prefix: options.baseUrl,
    timeout: options.timeoutMs ?? 15_000,
    retry: 0,
    throwHttpErrors: false,
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function fetchPage(collection: ContentCollection, path: string): Promise<Page> {
    let response: Response;
    try {
      response = await http.get(path);
    } catch (error) {
      throw new ContentServiceError(
        `The content service could not be reached for ${collection}: ${error instanceof Error ? error.message : String(error)}`,
        'NETWORK',
        0,
      );
    }
    if (response.status === 401) {
      await options.onUnauthorized();
      throw new ContentServiceError(
        `The content service refused the request for ${collection} (401 Unauthorized); stored tokens were cleared.`,
        'UNAUTHORIZED',
        401,
      );
    }
    if (!response.ok) {
      throw new ContentServiceError(
        `The content service answered ${response.status} for ${collection}.`,
        'HTTP_ERROR',
        response.status,
      );
    }
    const payload: unknown = await response.json().catch(() => undefined);
    return pageFrom(collection, payload);
  }

  async function fetchAll(collection: ContentCollection, state: PublicationState): Promise<unknown[]> {
    if (options.flavour === 'rest') {
      return (await fetchPage(collection, contentPath(collection, { publicationState: state }))).entries;
    }
    const entries: unknown[] = [];
    let page = 1;
    let pageCount = 1;
    do {
      const answer = await fetchPage(collection, strapiPath(collection, { publicationState: state, page }));
      entries.push(...answer.entries);
      pageCount = answer.pageCount;
      page += 1;
    } while (page <= pageCount);
    return entries;
  }

  return {
    async list(collection, state = 'live') {
      return parseEntries(collection, await fetchAll(collection, state));
    },
    async bySlug(collection, slug, state = 'live') {
      const query = { publicationState: state, slug };
      const path =
        options.flavour === 'rest' ? contentPath(collection, query) : strapiPath(collection, query);
      const { entries } = await fetchPage(collection, path);
      return findBySlug(parseEntries(collection, entries), slug);
    },
  };
}

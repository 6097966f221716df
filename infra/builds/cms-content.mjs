// The CMS as the site build sees it: whether it answers with the token, and a digest of what is published, which
// goes into the build's cache key (turbo's env CMS_CONTENT_DIGEST), so a build after an editor's change rebuilds
// and an unchanged CMS replays the cache. docs/decisions/0044.
import { createHash } from 'node:crypto';

/** What the build's token must be allowed: said in every refusal, and in the README. */
export const tokenPermissionsHint =
  'the token needs find and findOne on blog-post, customer-success-story, press-article, feature-update and customer, ' +
  'find on upload files, and read on the content-type builder (the site build token `npm run cms` creates has exactly these; README, "Content editing")';

export class CmsUnreachableError extends Error {
  constructor(message) {
    super(message);
    this.name = 'CmsUnreachableError';
  }
}

async function getJson(cmsUrl, token, path) {
  const url = `${cmsUrl.replace(/\/+$/, '')}${path}`;
  let response;
  try {
    response = await fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const cause = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(error);
    throw new CmsUnreachableError(`Cannot reach the CMS at ${cmsUrl} (CMS_URL): ${cause}`);
  }
  if (response.status === 401 || response.status === 403) {
    throw new CmsUnreachableError(
      `The CMS at ${cmsUrl} refused ${token ? 'CMS_TOKEN' : 'the build without CMS_TOKEN'} (${response.status} for ${path}): ${tokenPermissionsHint}`,
    );
  }
  if (!response.ok) {
    throw new CmsUnreachableError(`The CMS at ${cmsUrl} answered ${response.status} for ${path}`);
  }
  try {
    return await response.json();
  } catch {
    throw new CmsUnreachableError(`The CMS at ${cmsUrl} answered ${path} with something that is not JSON`);
  }
}

/**
 * A digest of every published entry (document id, update and publication times) and of the media library. Throws
 * CmsUnreachableError naming the URL and the cause when the CMS cannot be read.
 */
export async function cmsContentDigest({ cmsUrl, token }) {
  // The content model is a built file of @dcipher/shared: loaded here, when a CMS is named, never at import time,
  // so the commands that import this module on a tree with nothing built yet get as far as their build (issue 32).
  const { strapiContentTypes } = await import('@dcipher/shared/content-model');
  const hash = createHash('sha256');
  await getJson(cmsUrl, token, '/api/content-type-builder/content-types');
  for (const { schema } of strapiContentTypes) {
    for (let page = 1; ; page += 1) {
      const answer = await getJson(
        cmsUrl,
        token,
        `/api/${schema.pluralName}?status=published&fields[0]=updatedAt&fields[1]=publishedAt&sort[0]=id:asc&pagination[page]=${page}&pagination[pageSize]=100`,
      );
      for (const entry of answer.data ?? []) {
        hash.update(`${schema.pluralName}|${entry.documentId}|${entry.updatedAt}|${entry.publishedAt}\n`);
      }
      if (page >= (answer.meta?.pagination?.pageCount ?? 1)) break;
    }
  }
  const files = await getJson(cmsUrl, token, '/api/upload/files?fields[0]=updatedAt&fields[1]=hash');
  for (const file of Array.isArray(files) ? files : [])
    hash.update(`file|${file.id}|${file.hash}|${file.updatedAt}\n`);
  return hash.digest('hex');
}

/**
 * The build environment with CMS_CONTENT_DIGEST set when CMS_URL is (unchanged without it). Fails, naming the URL
 * and the cause, when the CMS cannot be read: never a silent fall-back to the snapshot.
 */
export async function withCmsContentDigest(env) {
  if (!env.CMS_URL) return env;
  return {
    ...env,
    CMS_CONTENT_DIGEST: await cmsContentDigest({ cmsUrl: env.CMS_URL, token: env.CMS_TOKEN }),
  };
}

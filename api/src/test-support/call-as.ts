import type { FastifyInstance } from 'fastify';

/** Who a call is made as: a person's bearer token (a string or `{ token }`), an organization's API key, or nobody. */
export type Caller = string | { token?: string; apiKey?: string } | undefined;

function headersOf(caller: Caller): Record<string, string> {
  const { token, apiKey } =
    typeof caller === 'string' ? { token: caller, apiKey: undefined } : (caller ?? {});
  if (token) return { authorization: `Bearer ${token}` };
  if (apiKey) return { 'x-api-key': apiKey };
  return {};
}

/**
 * `call(method, url, caller?, payload?)` over `app.inject`, sending the caller's bearer token or API key. The app is
 * read when a call is made, so a suite can build its caller before its `before` hook has started the server.
 */
export function callAs(app: () => FastifyInstance) {
  return (method: string, url: string, caller?: Caller, payload?: object) =>
    app().inject({ method: method as 'GET', url, headers: headersOf(caller), ...(payload && { payload }) });
}

/**
 * Uses up an organization's included social media quota as its services would, through an API key and
 * `POST /resource/recordActivity`, so that what runs next is paid from the wallet.
 */
export async function useUpSocialMediaQuota(
  call: ReturnType<typeof callAs>,
  adminToken: string,
  label: string,
) {
  const key = (await call('POST', '/api-key', adminToken, { name: label })).json().secret as string;
  const included = (await call('GET', '/resource/details', adminToken))
    .json()
    .lines.find((line: { usageCategory: string }) => line.usageCategory === 'SocialMedia').included;
  const used = await call(
    'POST',
    '/resource/recordActivity',
    { apiKey: key },
    { usageCategory: 'SocialMedia', quantity: included, idempotencyKey: `${label}-use-up-quota` },
  );
  if (used.statusCode !== 200)
    throw new Error(`recording the quota's use answered ${used.statusCode}: ${used.body}`);
}

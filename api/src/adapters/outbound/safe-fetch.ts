import { type LookupAddress, lookup as systemLookup } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';

/**
 * Requests to addresses a customer typed (an SSO issuer, later the RSS feeds and pages of workflows) go through
 * `createSafeFetch`: a `fetch` that reaches only the public internet (docs/decisions/0057). Refused, whatever the
 * scheme or port: loopback, private (RFC 1918, unique local), carrier-grade NAT, link-local (cloud metadata at
 * 169.254.169.254 among them), multicast, unspecified, reserved and the IPv6 forms that carry an IPv4 address —
 * everything ipaddr.js does not classify as `unicast`. Loopback is allowed only with development aids, for the
 * loopback identity provider of the tests and `npm start`.
 *
 * The check is made on the address the connection really uses: host names are resolved by the connection's own
 * lookup, which refuses before connecting, so a name that answers a public address to a check and a private one to
 * the connection (DNS rebinding) gains nothing. Redirects are followed by hand, at most `maxRedirects`, each hop
 * checked the same way; a caller asking `redirect: 'manual'` gets the 3xx itself, as with `fetch`.
 */
export interface SafeFetchOptions {
  /** 127.0.0.0/8 and ::1 are reachable: development aids only (the loopback dev identity provider). */
  allowLoopback: boolean;
  /** Redirect hops followed for `redirect: 'follow'` (the default); more is an error. */
  maxRedirects?: number;
  /** The resolver, for tests; the system's by default. */
  lookup?: typeof systemLookup;
}

export type OutboundRefusal = 'forbidden-address' | 'forbidden-scheme' | 'too-many-redirects';

/** The request was not made: its address (or one of its redirects') is not on the public internet. */
export class OutboundRequestRefusedError extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    /** The host refused, for logs; never shown to the person who typed it. */
    readonly host: string,
  ) {
    super(`outbound request to ${host} refused: ${reason}`);
    this.name = 'OutboundRequestRefusedError';
  }
}

/** Whether a request refused by the guard is the cause of `error` (libraries wrap what `fetch` throws). */
export function isOutboundRequestRefused(error: unknown): error is OutboundRequestRefusedError {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if (cause instanceof OutboundRequestRefusedError) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether an IP address is off limits: anything but public unicast (loopback when allowed). */
export function isForbiddenAddress(address: string, { allowLoopback }: { allowLoopback: boolean }): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === 'unicast') return false;
  return !(allowLoopback && range === 'loopback');
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export function createSafeFetch({
  allowLoopback,
  maxRedirects = 3,
  lookup = systemLookup,
}: SafeFetchOptions): typeof fetch {
  /** The connection's resolver: every address a name resolves to must be allowed, or none is used. */
  const checkedLookup = ((
    hostname: string,
    options: { all?: boolean } & Record<string, unknown>,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses as LookupAddress[];
      if (list.length === 0 || list.some(({ address }) => isForbiddenAddress(address, { allowLoopback }))) {
        return callback(new OutboundRequestRefusedError('forbidden-address', hostname), []);
      }
      if (options.all) return callback(null, list);
      const [first] = list as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  }) as unknown as typeof systemLookup;
  const dispatcher = new Agent({ connect: { lookup: checkedLookup } });

  /** Refuses a URL before connecting when its scheme is not http(s) or its host is a forbidden IP literal. */
  function assertAllowed(url: URL): void {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new OutboundRequestRefusedError('forbidden-scheme', url.protocol);
    }
    // An IP literal is connected to without a lookup (the URL parser has normalised 0x7f.1, 2130706433…).
    const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (ipaddr.isValid(literal) && isForbiddenAddress(literal, { allowLoopback })) {
      throw new OutboundRequestRefusedError('forbidden-address', url.hostname);
    }
  }

  return async function safeFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const request = new Request(input, init);
    const follow = request.redirect === 'follow';
    const method = request.method.toUpperCase();
    let url = new URL(request.url);
    for (let hop = 0; ; hop += 1) {
      assertAllowed(url);
      const response = await fetch(url, {
        method,
        headers: request.headers,
        signal: request.signal,
        redirect: 'manual',
        ...(hop === 0 && request.body && { body: request.body, duplex: 'half' }),
        dispatcher,
      } as RequestInit);
      const location = response.headers.get('location');
      if (!follow || !redirectStatuses.has(response.status) || !location) return response;
      // Only reads are followed; a redirected write goes back to its caller, as its body cannot be sent twice.
      if (method !== 'GET' && method !== 'HEAD') return response;
      await response.body?.cancel();
      if (hop >= maxRedirects) throw new OutboundRequestRefusedError('too-many-redirects', url.host);
      url = new URL(location, url);
    }
  } as typeof fetch;
}

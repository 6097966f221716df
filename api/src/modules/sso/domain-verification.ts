import { Resolver } from 'node:dns/promises';
import type { DomainVerificationProblem } from '@dcipher/shared/contract';
import { domainVerificationRecordName, domainVerificationRecordValue } from '@dcipher/shared/contract';

/** What looking up a domain's verification record found. */
export type DomainLookupResult =
  | { found: true }
  | { found: false; problem: DomainVerificationProblem; dnsCode?: string };

export type DomainVerifier = (domain: string, token: string) => Promise<DomainLookupResult>;

/** Top-level names no one can register (RFC 2606, 6761, 6762): only in development, they verify without DNS. */
const reservedForTesting = /\.(?:test|local|localhost|example|invalid)$/;

/**
 * Looks up the TXT records at `_dcipher-verification.<domain>` and looks for `dcipher-verification=<token>`
 * (docs/decisions/0036). `servers` (`DNS_RESOLVER`) replaces the system's resolver; tests point it at a loopback
 * server. Each query gives up after 3 seconds, twice, so the admin waits at most a few seconds. With development
 * aids on, domains under reserved test names verify without a lookup, so the local demo works offline.
 */
export function createDomainVerifier({
  servers,
  devAids,
}: {
  servers: readonly string[];
  devAids: boolean;
}): DomainVerifier {
  return async (domain, token) => {
    if (devAids && reservedForTesting.test(domain)) return { found: true };
    const resolver = new Resolver({ timeout: 3000, tries: 2 });
    if (servers.length > 0) resolver.setServers([...servers]);
    const recordName = domainVerificationRecordName(domain);
    const expected = domainVerificationRecordValue(token);
    let records: string[][];
    try {
      records = await resolver.resolveTxt(recordName);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTFOUND' || code === 'ENODATA') {
        return { found: false, problem: 'noRecord' };
      }
      if (code === 'ETIMEOUT' || code === 'ECONNREFUSED') {
        return { found: false, problem: 'dnsTimeout' };
      }
      return { found: false, problem: 'lookupFailed', ...(code && { dnsCode: code }) };
    }
    // A long TXT value arrives in 255-character pieces; joined, they are the value.
    const values = records.map((pieces) => pieces.join('').trim());
    if (values.includes(expected)) return { found: true };
    return { found: false, problem: values.length === 0 ? 'noRecord' : 'wrongToken' };
  };
}

import {
  domainVerificationRecordName,
  domainVerificationRecordValue,
  emailDomainOf,
  type LoginResult,
  type SsoCallbackInput,
  type SsoConfig,
  type SsoConfigInputSchema,
  type SsoConnectionTestResult,
} from '@dcipher/shared/contract';
import { emailLinks } from '@dcipher/shared/routes';
import { emailField } from '@dcipher/shared/validation';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import * as v from 'valibot';
import { createSafeFetch, isOutboundRequestRefused } from '../../adapters/outbound/safe-fetch.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { ValidationError } from '../../http/api-error.js';
import { recordActivity } from '../activity-log/activity-log.js';
import type { SignInContext } from '../identity/device-label.js';
import { AccountSuspendedError } from '../identity/identity-errors.js';
import type { IdentityService } from '../identity/identity-service.js';
import { recordSignInAttempt } from '../identity/sign-in-history.js';
import { adoptSsoUser, findUserByEmail, type IdentityUser, insertUser } from '../people/user-repository.js';
import { testIdentityProviderConnection } from './connection-test.js';
import type { DomainVerifier } from './domain-verification.js';
import { discoverIdentityProvider, identityProviderFailure } from './identity-provider.js';
import type { SecretBox } from './secret-box.js';
import {
  deleteSsoConfig,
  findSsoConfigForEmailDomain,
  findSsoConfigOfOrganization,
  isSsoDomainVerified,
  listPlainSecrets,
  listSsoDomains,
  markSsoDomainVerified,
  replaceSecret,
  type StoredSsoConfig,
  saveSsoConfig,
} from './sso-config-repository.js';
import {
  DomainVerificationFailedError,
  EmailDomainTakenError,
  IdentityProviderUnreachableError,
  SsoAttemptInvalidError,
  SsoConfigNotFoundError,
  SsoDomainNotClaimedError,
  SsoDomainVerifiedElsewhereError,
  SsoFailedError,
  SsoNotSetUpError,
  SsoSignInRefusedError,
} from './sso-errors.js';
import { createSsoLoginAttempt, spendSsoLoginAttempt } from './sso-login-attempts.js';

export interface SsoServiceDependencies {
  config: Pick<Config, 'devAids' | 'webUrl'>;
  database: Database;
  identity: Pick<IdentityService, 'signInVerifiedUser'>;
  log: FastifyBaseLogger;
  /** Seals client secrets at rest (AES-256-GCM, `SSO_SECRET_KEY`). */
  secretBox: SecretBox;
  /** Looks up a domain's TXT verification record (`DNS_RESOLVER`). */
  verifyDomain: DomainVerifier;
}

/** Who changes the configuration, for the activity log. */
export interface SsoActor {
  organizationId: string;
  userId: string;
}

/** What Dcipher asks the identity provider for: who the user is, their email address and their name. */
export const ssoScope = 'openid email profile';

type ValidatedConfigInput = v.InferOutput<typeof SsoConfigInputSchema>;

/** Claims Dcipher reads from the ID token (or, when it has no email, from the userinfo answer). */
interface IdentityClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  name?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * Names for a user created at first SSO sign-in: `given_name` and `family_name`; failing those, `name` split at
 * its first space; failing that, the email's local part as the first name. Capped at the users table's form limit.
 */
export function namesFromClaims(
  claims: IdentityClaims,
  email: string,
): { firstName: string; lastName: string } {
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = text(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  if (!firstName) firstName = email.slice(0, email.lastIndexOf('@'));
  return { firstName: firstName.slice(0, 100), lastName: lastName.slice(0, 100) };
}

/**
 * Single sign-on with OpenID Connect, authorization code flow with PKCE (S256), state and nonce; see
 * docs/decisions/0020. The client secret is read from the database only to talk to the identity provider: it is
 * never answered and never logged.
 */
export function createSsoService({
  config,
  database,
  identity,
  log,
  secretBox,
  verifyDomain,
}: SsoServiceDependencies) {
  /** Plain-http issuers are for the loopback dev provider (a development aid); deployed APIs talk https only. */
  const allowHttp = config.devAids;
  /**
   * Every request to an identity provider (Test connection, discovery, token, userinfo, keys) reaches only the public
   * internet; loopback too with development aids, for the loopback dev provider (docs/decisions/0057).
   */
  const outboundFetch = createSafeFetch({ allowLoopback: config.devAids });
  const addressRefused = () => new ValidationError('addressRefused', 'issuerUrl');
  const redirectUri = emailLinks.ssoLogin(config.webUrl);

  async function answer(stored: StoredSsoConfig): Promise<SsoConfig> {
    const domains = new Map(
      (await listSsoDomains(database, stored.organizationId)).map((row) => [row.domain, row]),
    );
    return {
      issuerUrl: stored.issuerUrl,
      clientId: stored.clientId,
      emailDomains: stored.emailDomains,
      domains: stored.emailDomains.flatMap((domain) => {
        const row = domains.get(domain);
        if (!row) return [];
        return [
          {
            domain,
            verified: row.verifiedAt !== null,
            verifiedAt: row.verifiedAt && new Date(row.verifiedAt).toISOString(),
            recordName: domainVerificationRecordName(domain),
            recordValue: domainVerificationRecordValue(row.verificationToken),
          },
        ];
      }),
      requireSso: stored.requireSso,
      clientSecretSet: true,
      redirectUri,
      createdAt: new Date(stored.createdAt).toISOString(),
      updatedAt: new Date(stored.updatedAt).toISOString(),
    };
  }

  /** The stored secret in the clear, for the identity provider only. */
  const secretOf = (stored: Pick<StoredSsoConfig, 'clientSecret'>) =>
    secretBox.isSealed(stored.clientSecret) ? secretBox.open(stored.clientSecret) : stored.clientSecret;

  async function discover(stored: Pick<StoredSsoConfig, 'issuerUrl' | 'clientId' | 'clientSecret'>) {
    return discoverIdentityProvider(
      { issuerUrl: stored.issuerUrl, clientId: stored.clientId, clientSecret: secretOf(stored) },
      { allowHttp, fetch: outboundFetch },
    );
  }

  /** The user the verified email names in the configuration's organization, created (a teammate) if new. */
  async function userFor(
    stored: StoredSsoConfig,
    email: string,
    claims: IdentityClaims,
  ): Promise<IdentityUser> {
    const { firstName, lastName } = namesFromClaims(claims, email);
    return database.transaction(async (transaction) => {
      // Created just in time; a concurrent first sign-in of the same address makes this insert nothing.
      await insertUser(transaction, {
        email,
        firstName,
        lastName,
        passwordHash: null,
        status: 'Active',
        organizationId: stored.organizationId,
        role: 'teammate',
        emailVerified: true,
      });
      const user = await findUserByEmail(transaction, email);
      if (!user) throw new Error('the SSO user was neither found nor created');
      if (user.organizationId !== stored.organizationId) {
        throw new SsoSignInRefusedError('ssoOtherOrganization');
      }
      if (user.suspended) throw new AccountSuspendedError();
      // The identity provider vouches for the address: it is verified, and an invitation counts as accepted.
      await adoptSsoUser(transaction, user.id, { firstName, lastName });
      return { ...user, status: 'Active', emailVerified: true };
    });
  }

  /** The signed-in user's claims: the ID token's, or the userinfo endpoint's when the ID token has no email. */
  async function claimsOf(
    configuration: oidc.Configuration,
    tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
  ): Promise<IdentityClaims> {
    const idToken = tokens.claims();
    if (!idToken) throw new Error('no ID token');
    if (idToken.email !== undefined) return idToken;
    return {
      ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)),
      sub: idToken.sub,
    };
  }

  return {
    redirectUri,

    /** The configuration, or null while the organization has none (issue 36: an empty state, not a 404). */
    async getConfig(organizationId: string): Promise<SsoConfig | null> {
      const stored = await findSsoConfigOfOrganization(database, organizationId);
      return stored ? answer(stored) : null;
    },

    /** Seals the secrets stored as given before migration 0024; run once at start, harmless to repeat. */
    async sealStoredSecrets(): Promise<void> {
      for (const row of await listPlainSecrets(database)) {
        await replaceSecret(database, row.organizationId, row.clientSecret, secretBox.seal(row.clientSecret));
      }
    },

    async testConnection(issuerUrl: string): Promise<SsoConnectionTestResult> {
      try {
        return await testIdentityProviderConnection(issuerUrl, { allowHttp, fetchImpl: outboundFetch });
      } catch (error) {
        if (isOutboundRequestRefused(error)) throw addressRefused();
        throw error;
      }
    },

    /**
     * Looks up the domain's TXT record; when it holds the organization's token the domain is verified and SSO
     * sign-in routes it. Refused when another organization verified it first.
     */
    async verifyDomain(actor: SsoActor, domain: string): Promise<SsoConfig> {
      const stored = await findSsoConfigOfOrganization(database, actor.organizationId);
      if (!stored) throw new SsoConfigNotFoundError();
      const claim = (await listSsoDomains(database, actor.organizationId)).find(
        (row) => row.domain === domain,
      );
      if (!claim || !stored.emailDomains.includes(domain)) throw new SsoDomainNotClaimedError();
      if (!claim.verifiedAt) {
        const lookup = await verifyDomain(domain, claim.verificationToken);
        if (!lookup.found) {
          throw new DomainVerificationFailedError(
            domainVerificationRecordName(domain),
            lookup.problem,
            lookup.dnsCode,
          );
        }
        const marked = await markSsoDomainVerified(database, actor.organizationId, domain, (transaction) =>
          recordActivity(transaction, {
            organizationId: actor.organizationId,
            actor: { userId: actor.userId },
            action: 'sso.domain-verified',
            subject: domain,
          }),
        );
        if (marked.outcome === 'notClaimed') throw new SsoDomainNotClaimedError();
        if (marked.outcome === 'takenElsewhere') throw new SsoDomainVerifiedElsewhereError(domain);
      }
      const updated = await findSsoConfigOfOrganization(database, actor.organizationId);
      if (!updated) throw new SsoConfigNotFoundError();
      return answer(updated);
    },

    /**
     * Creates or replaces the configuration after checking that the issuer's discovery document can be fetched
     * (with the secret given, or the stored one when it is left out).
     */
    async saveConfig(actor: SsoActor, input: ValidatedConfigInput): Promise<SsoConfig> {
      const { organizationId } = actor;
      if (!allowHttp && new URL(input.issuerUrl).protocol !== 'https:') {
        throw new ValidationError('httpsRequired', 'issuerUrl');
      }
      const storedSecret = (await findSsoConfigOfOrganization(database, organizationId))?.clientSecret;
      const clientSecret =
        input.clientSecret ??
        (storedSecret === undefined ? undefined : secretOf({ clientSecret: storedSecret }));
      if (clientSecret === undefined) {
        throw new ValidationError('required', 'clientSecret');
      }
      try {
        await discover({ issuerUrl: input.issuerUrl, clientId: input.clientId, clientSecret });
      } catch (error) {
        if (isOutboundRequestRefused(error)) throw addressRefused();
        log.warn({ issuerUrl: input.issuerUrl, ...identityProviderFailure(error) }, 'SSO discovery failed');
        throw new IdentityProviderUnreachableError(input.issuerUrl);
      }
      const result = await saveSsoConfig(
        database,
        {
          organizationId,
          issuerUrl: input.issuerUrl,
          clientId: input.clientId,
          clientSecret: input.clientSecret === undefined ? undefined : secretBox.seal(input.clientSecret),
          emailDomains: input.emailDomains,
          requireSso: input.requireSso,
        },
        async (transaction, saved) => {
          const entry = { organizationId, actor: { userId: actor.userId } };
          await recordActivity(transaction, {
            ...entry,
            action: 'sso.configured',
            subject: input.issuerUrl,
            details: {
              created: saved.created,
              requireSso: input.requireSso,
              secretChanged: input.clientSecret !== undefined,
            },
          });
          for (const domain of saved.added) {
            await recordActivity(transaction, { ...entry, action: 'sso.domain-added', subject: domain });
          }
          for (const domain of saved.removed) {
            await recordActivity(transaction, { ...entry, action: 'sso.domain-removed', subject: domain });
          }
        },
      );
      if (result.outcome === 'domainTaken') throw new EmailDomainTakenError(result.domain);
      if (result.outcome === 'secretRequired') {
        // The configuration was deleted between reading its secret and saving.
        throw new ValidationError('required', 'clientSecret');
      }
      return answer(result.config);
    },

    async deleteConfig(actor: SsoActor): Promise<void> {
      const stored = await findSsoConfigOfOrganization(database, actor.organizationId);
      const deleted = await deleteSsoConfig(database, actor.organizationId, (transaction) =>
        recordActivity(transaction, {
          organizationId: actor.organizationId,
          actor: { userId: actor.userId },
          action: 'sso.removed',
          ...(stored && { subject: stored.issuerUrl }),
        }),
      );
      if (!deleted) throw new SsoConfigNotFoundError();
    },

    /**
     * Step 1: the identity provider of the email's domain, and a new attempt (state, nonce and PKCE verifier) the
     * callback finishes. Only the domain counts; whether the address has an account is not looked at.
     */
    async startLogin(email: string): Promise<{ authorizationUrl: string }> {
      const stored = await findSsoConfigForEmailDomain(database, emailDomainOf(email));
      if (!stored) throw new SsoNotSetUpError();
      let configuration: oidc.Configuration;
      try {
        configuration = await discover(stored);
      } catch (error) {
        log.warn({ issuerUrl: stored.issuerUrl, ...identityProviderFailure(error) }, 'SSO discovery failed');
        throw new SsoFailedError();
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const state = await createSsoLoginAttempt(database, {
        organizationId: stored.organizationId,
        codeVerifier,
        nonce,
      });
      const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: ssoScope,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        login_hint: email,
      });
      return { authorizationUrl: authorizationUrl.href };
    },

    /**
     * Step 2: spends the attempt, redeems the code with its verifier, verifies the ID token (signature, issuer,
     * audience, expiry, nonce) and signs in the user its verified email names; a normal 12-hour session, or a
     * two-step challenge when the user turned two-step verification on.
     */
    async completeLogin(
      { code, state, iss }: SsoCallbackInput,
      context: SignInContext,
    ): Promise<LoginResult> {
      const attempt = await spendSsoLoginAttempt(database, state);
      if (!attempt) throw new SsoAttemptInvalidError();
      const stored = await findSsoConfigOfOrganization(database, attempt.organizationId);
      // Deleted while the user was at the identity provider.
      if (!stored) throw new SsoAttemptInvalidError();

      const callbackUrl = new URL(redirectUri);
      callbackUrl.searchParams.set('code', code);
      callbackUrl.searchParams.set('state', state);
      if (iss !== undefined) callbackUrl.searchParams.set('iss', iss);
      let claims: IdentityClaims;
      try {
        const configuration = await discover(stored);
        const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        claims = await claimsOf(configuration, tokens);
      } catch (error) {
        log.warn({ issuerUrl: stored.issuerUrl, ...identityProviderFailure(error) }, 'SSO sign-in failed');
        throw new SsoFailedError();
      }

      const email = v.safeParse(emailField, claims.email);
      if (!email.success) {
        log.warn({ issuerUrl: stored.issuerUrl, reason: 'no usable email claim' }, 'SSO sign-in failed');
        throw new SsoFailedError();
      }
      // Absent counts as verified: the organization's own provider is authoritative for its domains (0020).
      if (claims.email_verified === false || claims.email_verified === 'false') {
        throw new SsoSignInRefusedError('ssoEmailNotVerified');
      }
      // The provider's address must be in a domain this organization verified (0036): an organization's identity
      // provider cannot sign in, or create, accounts of a domain it merely listed.
      if (
        !stored.emailDomains.includes(emailDomainOf(email.output)) ||
        !(await isSsoDomainVerified(database, stored.organizationId, emailDomainOf(email.output)))
      ) {
        throw new SsoSignInRefusedError('ssoEmailOutsideDomains');
      }
      let user: IdentityUser;
      try {
        user = await userFor(stored, email.output, claims);
      } catch (error) {
        if (error instanceof AccountSuspendedError) {
          const suspended = await findUserByEmail(database, email.output);
          if (suspended) await recordSignInAttempt(database, suspended.id, 'sso', 'suspended', context);
        }
        throw error;
      }
      return identity.signInVerifiedUser(user, context);
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;

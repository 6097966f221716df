import {
  type DomainVerificationProblem,
  type ErrorCode,
  type ErrorParams,
  errorCodes,
  errorMessage,
} from '@dcipher/shared/contract';
import { ApiError } from '../../http/api-error.js';

/** The code's parameters, and the one field the error is about with the error's own text. */
const onField = <TCode extends ErrorCode>(code: TCode, field: string, params: ErrorParams<TCode>) => ({
  params,
  issues: { [field]: errorMessage(code, params) },
});

/** No configuration has the email's domain: the login-via-SSO screen points to the password login. */
export class SsoNotSetUpError extends ApiError<'SSO_NOT_SET_UP'> {
  constructor() {
    super(errorCodes.ssoNotSetUp);
  }
}

/** The organization has no SSO configuration (GET or DELETE /sso/configs). */
export class SsoConfigNotFoundError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'ssoConfig' } });
  }
}

/** Saving a configuration whose issuer's discovery document could not be fetched or was not valid. */
export class IdentityProviderUnreachableError extends ApiError<'IDENTITY_PROVIDER_UNREACHABLE'> {
  constructor(issuerUrl: string) {
    super(
      errorCodes.identityProviderUnreachable,
      onField(errorCodes.identityProviderUnreachable, 'issuerUrl', { issuerUrl }),
    );
  }
}

/** An email domain of the configuration belongs to another organization's configuration. */
export class EmailDomainTakenError extends ApiError<'EMAIL_DOMAIN_TAKEN'> {
  constructor(domain: string) {
    super(
      errorCodes.emailDomainTaken,
      onField(errorCodes.emailDomainTaken, 'emailDomains', { reason: 'configuredElsewhere', domain }),
    );
  }
}

/** The callback's state is unknown, already used or older than 10 minutes. */
export class SsoAttemptInvalidError extends ApiError<'SSO_ATTEMPT_INVALID'> {
  constructor() {
    super(errorCodes.ssoAttemptInvalid);
  }
}

/**
 * The identity provider refused (an error answer, an unknown or spent code) or its answer did not verify (PKCE,
 * nonce, signature, issuer, audience): one message, as the user can only start again; the reason is logged.
 */
export class SsoFailedError extends ApiError<'SSO_FAILED'> {
  constructor() {
    super(errorCodes.ssoFailed);
  }
}

/**
 * The identity provider signed someone in, but Dcipher will not: the email is marked unverified, is outside the
 * configuration's domains, or belongs to a user of another organization.
 */
export class SsoSignInRefusedError extends ApiError<'FORBIDDEN'> {
  constructor(reason: 'ssoEmailNotVerified' | 'ssoEmailOutsideDomains' | 'ssoOtherOrganization') {
    super(errorCodes.forbidden, { params: { reason } });
  }
}

/** The domain's TXT record was not found or does not hold the organization's token (400). */
export class DomainVerificationFailedError extends ApiError<'DOMAIN_VERIFICATION_FAILED'> {
  constructor(recordName: string, problem: DomainVerificationProblem, dnsCode?: string) {
    super(
      errorCodes.domainVerificationFailed,
      onField(errorCodes.domainVerificationFailed, 'domain', {
        recordName,
        problem,
        ...(dnsCode !== undefined && { dnsCode }),
      }),
    );
  }
}

/** Verifying a domain the organization's configuration does not have (404). */
export class SsoDomainNotClaimedError extends ApiError<'NOT_FOUND'> {
  constructor() {
    super(errorCodes.notFound, { params: { reason: 'ssoDomain' } });
  }
}

/** Verifying a domain another organization verified first (409). */
export class SsoDomainVerifiedElsewhereError extends ApiError<'EMAIL_DOMAIN_TAKEN'> {
  constructor(domain: string) {
    super(
      errorCodes.emailDomainTaken,
      onField(errorCodes.emailDomainTaken, 'domain', { reason: 'verifiedElsewhere', domain }),
    );
  }
}

/** Password sign-in of a member whose organization requires SSO for their verified domain (403). */
export class SsoRequiredError extends ApiError<'SSO_REQUIRED'> {
  constructor() {
    super(errorCodes.ssoRequired);
  }
}

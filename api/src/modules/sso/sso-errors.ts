import { errorCodes } from '@dcipher/shared/contract';
import {
  domainVerificationFailed,
  identityProviderUnreachable,
  ssoDomainVerifiedElsewhere,
  ssoEmailDomainTaken,
  ssoMessages,
} from '@dcipher/shared/validation';
import { ApiError } from '../../http/api-error.js';

/** No configuration has the email's domain: the login-via-SSO screen points to the password login. */
export class SsoNotSetUpError extends ApiError {
  constructor() {
    super(errorCodes.ssoNotSetUp);
  }
}

/** The organization has no SSO configuration (GET or DELETE /sso/configs). */
export class SsoConfigNotFoundError extends ApiError {
  constructor() {
    super(errorCodes.notFound, { message: ssoMessages.configNotFound });
  }
}

/** Saving a configuration whose issuer's discovery document could not be fetched or was not valid. */
export class IdentityProviderUnreachableError extends ApiError {
  constructor(issuerUrl: string) {
    const message = identityProviderUnreachable(issuerUrl);
    super(errorCodes.identityProviderUnreachable, { message, issues: { issuerUrl: message } });
  }
}

/** An email domain of the configuration belongs to another organization's configuration. */
export class EmailDomainTakenError extends ApiError {
  constructor(domain: string) {
    const message = ssoEmailDomainTaken(domain);
    super(errorCodes.emailDomainTaken, { message, issues: { emailDomains: message } });
  }
}

/** The callback's state is unknown, already used or older than 10 minutes. */
export class SsoAttemptInvalidError extends ApiError {
  constructor() {
    super(errorCodes.ssoAttemptInvalid);
  }
}

/**
 * The identity provider refused (an error answer, an unknown or spent code) or its answer did not verify (PKCE,
 * nonce, signature, issuer, audience): one message, as the user can only start again; the reason is logged.
 */
export class SsoFailedError extends ApiError {
  constructor() {
    super(errorCodes.ssoFailed);
  }
}

/**
 * The identity provider signed someone in, but Dcipher will not: the email is marked unverified, is outside the
 * configuration's domains, or belongs to a user of another organization.
 */
export class SsoSignInRefusedError extends ApiError {
  constructor(
    message: (typeof ssoMessages)['emailNotVerified' | 'emailOutsideDomains' | 'otherOrganization'],
  ) {
    super(errorCodes.forbidden, { message });
  }
}

/** The domain's TXT record was not found or does not hold the organization's token (400). */
export class DomainVerificationFailedError extends ApiError {
  constructor(recordName: string, reason: string) {
    const message = domainVerificationFailed(recordName, reason);
    super(errorCodes.domainVerificationFailed, { message, issues: { domain: message } });
  }
}

/** Verifying a domain the organization's configuration does not have (404). */
export class SsoDomainNotClaimedError extends ApiError {
  constructor() {
    super(errorCodes.notFound, { message: ssoMessages.domainNotClaimed });
  }
}

/** Verifying a domain another organization verified first (409). */
export class SsoDomainVerifiedElsewhereError extends ApiError {
  constructor(domain: string) {
    const message = ssoDomainVerifiedElsewhere(domain);
    super(errorCodes.emailDomainTaken, { message, issues: { domain: message } });
  }
}

/** Password sign-in of a member whose organization requires SSO for their verified domain (403). */
export class SsoRequiredError extends ApiError {
  constructor() {
    super(errorCodes.ssoRequired);
  }
}

import * as v from 'valibot';
import { emailField } from '../validation/fields.js';
import { publicMailDomainRefused, ssoMessages, tooLong, validationMessages } from '../validation/messages.js';
import { LoginResultSchema } from './auth.js';
import { defineEndpoint } from './endpoint.js';

/** Single sign-on with OpenID Connect (authorization code + PKCE); docs/decisions/0020. */

export const issuerUrlMaxLength = 2048;
export const ssoClientIdMaxLength = 255;
export const ssoClientSecretMaxLength = 1024;
export const ssoEmailDomainsMaxCount = 20;

/** An http(s) URL without credentials, query or fragment: what an OpenID issuer identifier may be. */
function isIssuerUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    !url.username &&
    !url.password &&
    !url.search &&
    !url.hash &&
    !value.includes('?') &&
    !value.includes('#')
  );
}

/** Lower-case labels of letters, digits and inner hyphens, at least two, the last starting with a letter. */
const emailDomainPattern =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const isEmailDomain = (value: string) => emailDomainPattern.test(value);

/** The part of an address after the last `@`, lower-cased. */
export const emailDomainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

const filledIn = (maxLength: number) =>
  v.pipe(
    v.string(validationMessages.required),
    v.trim(),
    v.nonEmpty(validationMessages.required),
    v.maxLength(maxLength, tooLong(maxLength)),
  );

/**
 * Public mail providers: nobody proves control of these for an organization, so they are refused outright
 * (docs/decisions/0036). Declared once; the form shows the same message the API answers.
 */
export const publicMailDomains: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'mail.ru',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hey.com',
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
  'orange.fr',
  'free.fr',
  'libero.it',
  't-online.de',
];
const publicMailDomainSet = new Set(publicMailDomains);
export const isPublicMailDomain = (domain: string) => publicMailDomainSet.has(domain.toLowerCase());

/**
 * The email domains whose users sign in through this configuration: trimmed, lower-cased, a leading `@` dropped
 * (people paste `@example.com`), duplicates removed. One message for the whole list, so a form with one text
 * field shows it under that field.
 */
export const emailDomainsField = v.pipe(
  v.array(v.string(ssoMessages.invalidEmailDomain), validationMessages.required),
  v.transform((domains) => [
    ...new Set(domains.map((domain) => domain.trim().toLowerCase().replace(/^@/, '')).filter(Boolean)),
  ]),
  v.minLength(1, validationMessages.required),
  v.maxLength(ssoEmailDomainsMaxCount, ssoMessages.tooManyEmailDomains),
  v.check((domains) => domains.every(isEmailDomain), ssoMessages.invalidEmailDomain),
  v.check(
    (domains) => !domains.some(isPublicMailDomain),
    (issue) =>
      publicMailDomainRefused((issue.input as string[]).find(isPublicMailDomain) ?? String(issue.input)),
  ),
);

/**
 * The SSO configuration form (account area, admins only). The client secret may be left out when a configuration
 * exists already: the stored one is kept (it is never shown again, so the form cannot prefill it).
 */
export const SsoConfigInputSchema = v.object({
  issuerUrl: v.pipe(
    filledIn(issuerUrlMaxLength),
    v.check(isIssuerUrl, validationMessages.invalidUrl),
    // `https://idp.example.com/` and `https://idp.example.com` name the same issuer; a path keeps its form.
    v.transform((url) => (new URL(url).pathname === '/' ? url.replace(/\/$/, '') : url)),
  ),
  clientId: filledIn(ssoClientIdMaxLength),
  clientSecret: v.optional(
    v.pipe(
      v.string(validationMessages.required),
      v.trim(),
      v.maxLength(ssoClientSecretMaxLength, tooLong(ssoClientSecretMaxLength)),
      v.transform((secret) => (secret === '' ? undefined : secret)),
    ),
  ),
  emailDomains: emailDomainsField,
  /** Members whose address is in a verified domain must sign in with SSO: password sign-in is refused them. */
  requireSso: v.optional(v.boolean(), false),
});
export type SsoConfigInput = v.InferInput<typeof SsoConfigInputSchema>;

/**
 * The same rules for the account area's form, whose domains are one text box ("acme.com, acme.co.uk"): split at
 * commas, spaces and line breaks, then `emailDomainsField` as the API applies it.
 */
export const SsoConfigFormSchema = v.object({
  ...SsoConfigInputSchema.entries,
  emailDomains: v.pipe(
    v.string(validationMessages.required),
    v.transform((text) => text.split(/[\s,;]+/)),
    emailDomainsField,
  ),
});

/** Where a domain's proof of control goes: a TXT record at this name (docs/decisions/0036). */
export const domainVerificationRecordName = (domain: string) => `_dcipher-verification.${domain}`;
export const domainVerificationRecordValue = (token: string) => `dcipher-verification=${token}`;

/**
 * One email domain of the configuration. SSO sign-in routes a domain only once it is verified: the TXT record
 * `recordName` holds `recordValue`.
 */
export const SsoDomainSchema = v.object({
  domain: v.string(),
  verified: v.boolean(),
  verifiedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
  recordName: v.string(),
  recordValue: v.string(),
});
export type SsoDomain = v.InferOutput<typeof SsoDomainSchema>;

/** A saved configuration as the API answers it: never the client secret. */
export const SsoConfigSchema = v.object({
  issuerUrl: v.string(),
  clientId: v.string(),
  emailDomains: v.array(v.string()),
  /** Each of `emailDomains` with its verification state and the TXT record that proves it. */
  domains: v.array(SsoDomainSchema),
  requireSso: v.boolean(),
  /** Always true: a secret is stored (encrypted), never answered. */
  clientSecretSet: v.literal(true),
  /** Where the identity provider sends users back (`{WEB_URL}/login/sso`); the admin registers it there. */
  redirectUri: v.string(),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  updatedAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type SsoConfig = v.InferOutput<typeof SsoConfigSchema>;

export const getSsoConfig = defineEndpoint({
  operation: 'getSsoConfig',
  errors: [],
  summary:
    "The organization's single sign-on configuration, without the client secret (admins only); null while none is set up",
  method: 'GET',
  path: '/sso/configs',
  auth: 'bearer',
  permission: { resource: 'account-sso-settings', action: 'read', feature: 'single-sign-on' },
  // "None yet" is a state of the organization, not a missing resource: no 404 for the page to log (issue 36).
  response: v.nullable(SsoConfigSchema),
});

export const saveSsoConfig = defineEndpoint({
  operation: 'saveSsoConfig',
  errors: ['IDENTITY_PROVIDER_UNREACHABLE', 'EMAIL_DOMAIN_TAKEN'],
  summary:
    "Create or replace the organization's single sign-on configuration (admins only); the issuer's discovery document must be reachable",
  method: 'POST',
  path: '/sso/configs',
  auth: 'bearer',
  permission: { resource: 'account-sso-settings', action: 'update', feature: 'single-sign-on' },
  body: { name: 'ssoConfigInput', schema: SsoConfigInputSchema },
  response: SsoConfigSchema,
});

/** The spec marks DELETE without (A); it takes the bearer token and an admin anyway (docs/decisions/0020). */
export const deleteSsoConfig = defineEndpoint({
  operation: 'deleteSsoConfig',
  errors: ['NOT_FOUND'],
  summary: "Remove the organization's single sign-on configuration (admins only); passwords keep working",
  method: 'DELETE',
  path: '/sso/configs',
  auth: 'bearer',
  permission: { resource: 'account-sso-settings', action: 'delete', feature: 'single-sign-on' },
  response: v.object({ deleted: v.literal(true) }),
});

/** "Test connection": the issuer to try, as typed in the form. */
export const SsoConnectionTestInputSchema = v.object({
  issuerUrl: v.pipe(filledIn(issuerUrlMaxLength), v.check(isIssuerUrl, validationMessages.invalidUrl)),
});
export type SsoConnectionTestInput = v.InferInput<typeof SsoConnectionTestInputSchema>;

export const ssoConnectionProblems = [
  'https-required',
  'unreachable',
  'timeout',
  'http-error',
  'not-json',
  'issuer-mismatch',
  'missing-endpoints',
  'insecure-endpoints',
] as const;
export type SsoConnectionProblem = (typeof ssoConnectionProblems)[number];

/**
 * What fetching `{issuer}/.well-known/openid-configuration` found. `ok: false` names the problem and says in
 * `message` exactly what is wrong; a failed test is an answer, not an error.
 */
export const SsoConnectionTestResultSchema = v.object({
  ok: v.boolean(),
  problem: v.optional(v.picklist(ssoConnectionProblems)),
  message: v.string(),
  discoveryUrl: v.string(),
  authorizationEndpoint: v.optional(v.string()),
  tokenEndpoint: v.optional(v.string()),
  jwksUri: v.optional(v.string()),
});
export type SsoConnectionTestResult = v.InferOutput<typeof SsoConnectionTestResultSchema>;

export const testSsoConnection = defineEndpoint({
  operation: 'testSsoConnection',
  errors: [],
  summary:
    "Fetch the issuer's discovery document with a short timeout and say exactly what is wrong with it (admins only)",
  method: 'POST',
  path: '/sso/configs/test',
  auth: 'bearer',
  permission: { resource: 'account-sso-settings', action: 'update', feature: 'single-sign-on' },
  body: { name: 'ssoConnectionTestInput', schema: SsoConnectionTestInputSchema },
  response: SsoConnectionTestResultSchema,
});

export const SsoDomainVerificationInputSchema = v.object({
  domain: v.pipe(filledIn(253), v.toLowerCase(), v.check(isEmailDomain, ssoMessages.invalidEmailDomain)),
});
export type SsoDomainVerificationInput = v.InferInput<typeof SsoDomainVerificationInputSchema>;

export const verifySsoDomain = defineEndpoint({
  operation: 'verifySsoDomain',
  errors: ['NOT_FOUND', 'DOMAIN_VERIFICATION_FAILED', 'EMAIL_DOMAIN_TAKEN'],
  summary:
    "Look up the domain's TXT record `_dcipher-verification.<domain>`; when it holds the token, the domain is verified and SSO sign-in routes it (admins only)",
  method: 'POST',
  path: '/sso/configs/domains/verify',
  auth: 'bearer',
  permission: { resource: 'account-sso-settings', action: 'update', feature: 'single-sign-on' },
  body: { name: 'ssoDomainVerificationInput', schema: SsoDomainVerificationInputSchema },
  response: SsoConfigSchema,
});

/** Log in via SSO, step 1: the work email, whose domain picks the organization's identity provider. */
export const SsoLoginInputSchema = v.object({ email: emailField });
export type SsoLoginInput = v.InferInput<typeof SsoLoginInputSchema>;

export const startSsoLogin = defineEndpoint({
  operation: 'startSsoLogin',
  errors: ['SSO_NOT_SET_UP', 'SSO_FAILED'],
  summary:
    "Start signing in at the identity provider of the email's domain: answers the URL to send the browser to (valid 10 minutes)",
  method: 'POST',
  path: '/sso/login',
  auth: 'public',
  body: { name: 'ssoLoginInput', schema: SsoLoginInputSchema },
  response: v.object({ authorizationUrl: v.string() }),
});

/**
 * Log in via SSO, step 2: the query parameters the identity provider sent the browser back with to
 * `/login/sso`. `iss` is passed on when the provider sends it (RFC 9207), which protects against mix-ups.
 */
export const SsoCallbackInputSchema = v.object({
  code: filledIn(2048),
  state: filledIn(512),
  iss: v.optional(v.pipe(v.string(), v.maxLength(issuerUrlMaxLength, tooLong(issuerUrlMaxLength)))),
});
export type SsoCallbackInput = v.InferInput<typeof SsoCallbackInputSchema>;

export const completeSsoLogin = defineEndpoint({
  operation: 'completeSsoLogin',
  errors: ['SSO_ATTEMPT_INVALID', 'SSO_FAILED', 'ACCOUNT_SUSPENDED', 'FORBIDDEN'],
  summary:
    'Finish signing in via SSO: exchanges the code (PKCE), verifies the ID token and answers a token pair like /login',
  method: 'POST',
  path: '/sso/login/callback',
  auth: 'public',
  body: { name: 'ssoCallbackInput', schema: SsoCallbackInputSchema },
  response: LoginResultSchema,
});

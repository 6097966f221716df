import { validateForm } from '../validation/field-errors.js';
import { identityProviderUnreachable, ssoEmailDomainTaken, ssoMessages } from '../validation/messages.js';
import { errorMessage } from './errors.js';
import { emailDomainOf, isEmailDomain, SsoCallbackInputSchema, SsoConfigInputSchema } from './sso.js';

const valid = {
  issuerUrl: 'https://login.acme.test/',
  clientId: 'dcipher',
  clientSecret: 's3cret',
  emailDomains: ['acme.test'],
};

describe('SSO configuration form', () => {
  it('normalises the issuer and the domains (case, a leading @, duplicates, blanks)', () => {
    expect(
      validateForm(SsoConfigInputSchema, {
        ...valid,
        issuerUrl: ' https://login.acme.test/ ',
        emailDomains: ['Acme.TEST', '@acme.test', ' ', 'labs.acme.test'],
      }),
    ).toEqual({
      success: true,
      output: {
        ...valid,
        issuerUrl: 'https://login.acme.test',
        emailDomains: ['acme.test', 'labs.acme.test'],
        requireSso: false,
      },
    });
  });

  it.each(['gmail.com', 'Outlook.com', 'proton.me', 'gmx.de'])(
    'refuses the public mail domain %s',
    (domain) => {
      expect(validateForm(SsoConfigInputSchema, { ...valid, emailDomains: ['acme.test', domain] })).toEqual({
        success: false,
        errors: {
          emailDomains: `${domain.toLowerCase()} is a public email provider: single sign-on needs a domain your organization owns.`,
        },
      });
    },
  );

  it('keeps an issuer path as typed', () => {
    const issuerUrl = 'https://login.acme.test/tenant/v2.0/';
    expect(validateForm(SsoConfigInputSchema, { ...valid, issuerUrl })).toMatchObject({
      output: { issuerUrl },
    });
  });

  it('treats an empty secret as left out (the stored one is kept)', () => {
    expect(validateForm(SsoConfigInputSchema, { ...valid, clientSecret: '' })).toMatchObject({
      success: true,
      output: { clientSecret: undefined },
    });
  });

  it('answers "URL is not valid" for anything but an http(s) URL without credentials, query or fragment', () => {
    for (const issuerUrl of [
      'login.acme.test',
      'javascript:alert(1)',
      'ftp://login.acme.test',
      'https://user:pw@login.acme.test',
      'https://login.acme.test/#x',
      'https://login.acme.test/?',
    ]) {
      expect(validateForm(SsoConfigInputSchema, { ...valid, issuerUrl })).toEqual({
        success: false,
        errors: { issuerUrl: 'URL is not valid' },
      });
    }
  });

  it('accepts domain names only', () => {
    for (const domain of ['acme.test', 'mail.acme.co.uk', 'xn--bcher-kva.example', 'a1-b.test']) {
      expect(isEmailDomain(domain)).toBe(true);
    }
    for (const domain of ['acme', 'acme.', '.acme.test', 'ada@acme.test', 'acme..test', '-a.test', 'a.123']) {
      expect(isEmailDomain(domain)).toBe(false);
    }
    expect(emailDomainOf('Ada@Acme.Test')).toBe('acme.test');
  });
});

describe('SSO callback body', () => {
  it('requires the code and the state; iss is optional', () => {
    expect(validateForm(SsoCallbackInputSchema, {})).toEqual({
      success: false,
      errors: { code: 'This field is required', state: 'This field is required' },
    });
    expect(validateForm(SsoCallbackInputSchema, { code: 'c', state: 's' }).success).toBe(true);
  });
});

describe('SSO messages', () => {
  it("are the catalogue's texts for their codes and parameters", () => {
    expect([
      errorMessage('SSO_NOT_SET_UP'),
      errorMessage('NOT_FOUND', { reason: 'ssoConfig' }),
      errorMessage('FORBIDDEN', { reason: 'ssoOtherOrganization' }),
      errorMessage('IDENTITY_PROVIDER_UNREACHABLE', { issuerUrl: 'https://login.acme.test/tenant' }),
      errorMessage('EMAIL_DOMAIN_TAKEN', { reason: 'configuredElsewhere', domain: 'acme.test' }),
    ]).toEqual([
      ssoMessages.notSetUp,
      ssoMessages.configNotFound,
      ssoMessages.otherOrganization,
      identityProviderUnreachable('https://login.acme.test/tenant'),
      ssoEmailDomainTaken('acme.test'),
    ]);
  });
});

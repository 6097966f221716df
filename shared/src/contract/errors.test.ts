import * as v from 'valibot';
import {
  errorCatalogue,
  lastAdminMessage,
  memberMessages,
  organizationSettingsMessages,
} from '../validation/messages.js';
import {
  errorCodes,
  errorDefinitions,
  errorMessage,
  hasValidErrorParams,
  isErrorCode,
  permissionRefusal,
} from './errors.js';

describe('the error catalogue', () => {
  it('gives every code a status and a message, and a camel-case name', () => {
    expect(Object.values(errorCodes).sort()).toEqual(Object.keys(errorDefinitions).sort());
    expect(errorCodes.lastAdmin).toBe('LAST_ADMIN');
    expect(errorCodes.twoFactorStateConflict).toBe('TWO_FACTOR_STATE_CONFLICT');
    for (const [code, { status }] of Object.entries(errorDefinitions)) {
      const clientOnly = code === errorCodes.network || code === errorCodes.invalidResponse;
      expect(clientOnly ? status === 0 : status >= 400 && status < 600).toBe(true);
    }
  });

  it("takes the spec catalogue's texts where it has them", () => {
    expect(errorDefinitions.INVALID_CREDENTIALS.status).toBe(401);
    expect(errorMessage('INVALID_CREDENTIALS')).toBe(errorCatalogue.invalidEmailOrPassword);
    expect(errorMessage('EMAIL_NOT_VERIFIED')).toBe('Email is not verified');
    expect(errorMessage('ACCOUNT_SUSPENDED')).toBe(errorCatalogue.accountSuspended);
    expect(errorMessage('VERIFICATION_FAILED')).toBe('Unexpected error while validating email');
    expect(errorMessage('TRIAL_REACTIVATION_FAILED')).toBe(
      'Unexpected error while reactivating your free trial',
    );
    expect(errorMessage('NOT_FOUND')).toBe('Sorry, the page you are looking for cannot be found.');
    expect(errorMessage('PASSWORD_CHANGE_REQUIRED')).toBe('Your password has expired. Set a new one.');
    expect(errorMessage('INTERNAL')).toBe('Server error');
  });

  it('renders each reason of a code that says several things as its own text', () => {
    expect(errorMessage('TWO_FACTOR_STATE_CONFLICT', { reason: 'requiredOfAdminFirst' })).toBe(
      organizationSettingsMessages.twoStepRequiredOfAdminFirst,
    );
    expect(errorMessage('TWO_FACTOR_STATE_CONFLICT', { reason: 'alreadyEnabled' })).toBe(
      'Two-step verification is already turned on.',
    );
    expect(errorMessage('LAST_ADMIN', { reason: 'memberChange' })).toBe(memberMessages.lastAdmin);
    expect(errorMessage('LAST_ADMIN', { reason: 'accountDeletion', organizationName: 'Acme' })).toBe(
      lastAdminMessage('Acme'),
    );
    expect(errorMessage('SUBSCRIPTION_CONFLICT', { reason: 'nothingToPay' })).toBe(
      'There is nothing to pay: your plan has no payment problem.',
    );
    expect(errorMessage('FORBIDDEN', permissionRefusal({ action: 'update', resource: 'organization' }))).toBe(
      'You do not have permission to update the organization.',
    );
  });

  it('answers "Server error" for parameters the code does not declare', () => {
    // @ts-expect-error not a reason of the code
    expect(errorMessage('SUBSCRIPTION_CONFLICT', { reason: 'somethingNewer' })).toBe('Server error');
    expect(hasValidErrorParams('SUBSCRIPTION_CONFLICT', undefined)).toBe(false);
    expect(hasValidErrorParams('INVALID_CREDENTIALS', { reason: 'x' })).toBe(false);
    expect(hasValidErrorParams('LAST_ADMIN', { reason: 'accountDeletion', organizationName: 'a\nb' })).toBe(
      false,
    );
    expect(v.is(v.string(), errorMessage('NOT_FOUND', { reason: 'member' }))).toBe(true);
  });

  it('tells declared codes from anything else', () => {
    expect(isErrorCode('FORBIDDEN')).toBe(true);
    expect(isErrorCode('SOMETHING_NEWER')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

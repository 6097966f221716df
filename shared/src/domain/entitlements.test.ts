import { errorMessage } from '../contract/errors.js';
import { organizationFeatures, trialPlanOf } from './entitlements.js';
import { isPermitted } from './permissions.js';

describe('entitlements (docs/decisions/0085)', () => {
  it('a free trial is of the plan picked, else the customer type’s most complete self-serve plan', () => {
    expect(trialPlanOf('Individual', null)).toBe('professional-monthly');
    expect(trialPlanOf('Business', undefined)).toBe('business-monthly');
    expect(trialPlanOf('Individual', 'starter-annual')).toBe('starter-annual');
  });

  it('an endpoint of an organization feature lets a Business admin through and refuses an Individual one', () => {
    const invite = { resource: 'organization', action: 'grant', feature: 'members' } as const;
    expect(isPermitted({ kind: 'user', role: 'admin', customerType: 'Business' }, invite)).toBe(true);
    expect(isPermitted({ kind: 'user', role: 'admin', customerType: 'Individual' }, invite)).toBe(false);
    expect(isPermitted({ kind: 'user', role: 'teammate', customerType: 'Business' }, invite)).toBe(false);
    // What an Individual account has is not touched: renaming the organization, its API keys.
    expect(
      isPermitted(
        { kind: 'user', role: 'admin', customerType: 'Individual' },
        { resource: 'organization', action: 'update' },
      ),
    ).toBe(true);
  });

  it('the refusal names the feature in a sentence', () => {
    expect(errorMessage('FORBIDDEN', { reason: 'businessFeature', feature: 'single-sign-on' })).toBe(
      'Single sign-on (SSO) is available to Business accounts only. Yours is an Individual account, for one person.',
    );
    for (const feature of organizationFeatures) {
      expect(errorMessage('FORBIDDEN', { reason: 'businessFeature', feature })).toMatch(
        /^[A-Z].* (is|are) available to Business accounts only\./,
      );
    }
  });
});

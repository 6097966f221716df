import { activityActions, describeActivity } from './activity.js';

describe('the activity log in words', () => {
  it('says what a change did instead of its raw values', () => {
    expect(
      describeActivity({
        action: 'organization.two-step-requirement-changed',
        subject: 'required',
        details: { from: false, to: true },
      }),
    ).toBe('turned on required two-step verification');
    expect(
      describeActivity({
        action: 'organization.two-step-requirement-changed',
        subject: 'not required',
        details: { from: true, to: false },
      }),
    ).toBe('turned off required two-step verification');
    expect(
      describeActivity({
        action: 'organization.region-changed',
        subject: 'europe-west1',
        details: { from: 'us-central1', to: 'europe-west1' },
      }),
    ).toBe('changed the cloud region from United States (Iowa) to Belgium (St. Ghislain)');
    expect(
      describeActivity({
        action: 'organization.password-policy-changed',
        subject: 'every 90 days',
        details: { from: null, to: 90 },
      }),
    ).toBe('turned on password expiry: passwords expire after 90 days');
    expect(
      describeActivity({
        action: 'member.role-changed',
        subject: 'bo@example.com',
        details: { from: 'teammate', to: 'admin' },
      }),
    ).toBe('changed the role of bo@example.com from teammate to admin');
  });

  it('has words for every action, even without the facts an old entry may lack', () => {
    for (const action of activityActions) {
      const text = describeActivity({ action, subject: null, details: {} });
      expect(text).toMatch(/^[a-z]/);
      expect(text).not.toMatch(/undefined|\[object/);
    }
  });
});

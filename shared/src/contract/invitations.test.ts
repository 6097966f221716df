import { validateForm } from '../validation/field-errors.js';
import { errorMessage } from './errors.js';
import { AcceptInvitationInputSchema, InviteInputSchema } from './invitations.js';

const chosen = 'Harbour-Lights-2026';
const form = { token: 'tok', firstName: 'Grace', lastName: 'Hopper', password: chosen };

describe('invite body', () => {
  it('takes an address (normalised) and one of the organization roles', () => {
    expect(validateForm(InviteInputSchema, { email: ' Grace@Example.com ', role: 'guest' })).toEqual({
      success: true,
      output: { email: 'grace@example.com', role: 'guest' },
    });
  });

  it('says "This field is required" for a missing role and names the roles for a wrong one', () => {
    expect(validateForm(InviteInputSchema, { email: 'grace@example.com' })).toEqual({
      success: false,
      errors: { role: 'This field is required' },
    });
    expect(validateForm(InviteInputSchema, { email: 'grace@example.com', role: 'owner' })).toEqual({
      success: false,
      errors: { role: 'Please choose a role: admin, teammate or guest.' },
    });
  });
});

describe('accept invitation body', () => {
  it('accepts the names and a password, with or without its confirmation', () => {
    expect(validateForm(AcceptInvitationInputSchema, form).success).toBe(true);
    expect(validateForm(AcceptInvitationInputSchema, { ...form, confirmPassword: chosen }).success).toBe(
      true,
    );
  });

  it('says the passwords do not match under the confirmation', () => {
    expect(validateForm(AcceptInvitationInputSchema, { ...form, confirmPassword: `${chosen}x` })).toEqual({
      success: false,
      errors: { confirmPassword: 'Passwords do not match' },
    });
  });

  it('requires the names and applies the password policy', () => {
    expect(
      validateForm(AcceptInvitationInputSchema, { token: 'tok', firstName: ' ', password: 'short' }),
    ).toEqual({
      success: false,
      errors: {
        firstName: 'This field is required',
        lastName: 'This field is required',
        password: 'Password must contain at least 12 characters',
      },
    });
  });
});

describe('invitation messages', () => {
  it("are the catalogue's texts for their codes", () => {
    expect([
      errorMessage('INVITATION_INVALID'),
      errorMessage('INVITATION_EXPIRED'),
      errorMessage('INVITATION_ALREADY_ACCEPTED'),
      errorMessage('ACCOUNT_EXISTS'),
      errorMessage('FORBIDDEN', { reason: 'permission', action: 'grant', resource: 'organization' }),
    ]).toEqual([
      'This invitation link is not valid.',
      'This invitation has expired. Ask for a new one.',
      'This invitation has already been accepted. Log in instead.',
      'This person already has a Dcipher account.',
      'Only the admins of your organization can invite people.',
    ]);
  });
});

import { organizationRoles, permissionActions, permissionResources } from './enumerations.js';
import { can, isPermitted, organizationRolePolicy } from './permissions.js';

const admin = { kind: 'user', role: 'admin' } as const;
const teammate = { kind: 'user', role: 'teammate' } as const;
const guest = { kind: 'user', role: 'guest' } as const;

describe('the permission policy', () => {
  it('declares every role on every resource of the spec', () => {
    expect(Object.keys(organizationRolePolicy).sort()).toEqual([...permissionResources].sort());
    for (const resource of permissionResources) {
      expect(Object.keys(organizationRolePolicy[resource]).sort()).toEqual([...organizationRoles].sort());
    }
  });

  it('lets only admins manage the organization, its billing and its sign-in settings', () => {
    for (const resource of ['payment-method', 'subscription', 'account-sso-settings'] as const) {
      expect(can(admin, resource, 'update')).toBe(true);
      expect(can(teammate, resource, 'update')).toBe(false);
      expect(can(guest, resource, 'update')).toBe(false);
    }
    expect(can(admin, 'organization', 'grant')).toBe(true);
    expect(can(teammate, 'organization', 'grant')).toBe(false);
    expect(can(teammate, 'organization', 'read')).toBe(true);
  });

  it('lets everyone read, update and delete their own account', () => {
    for (const subject of [admin, teammate, guest]) {
      for (const action of ['read', 'update', 'delete'] as const)
        expect(can(subject, 'account', action)).toBe(true);
    }
  });

  it('gives rights on one item through the resource role, guests reading only', () => {
    expect(can(teammate, 'workflow', 'create')).toBe(true);
    expect(can(teammate, 'workflow', 'update')).toBe(false);
    expect(can(teammate, 'workflow', 'update', { resourceRole: 'editor' })).toBe(true);
    expect(can(teammate, 'workflow', 'grant', { resourceRole: 'editor' })).toBe(false);
    expect(can(teammate, 'workflow', 'transfer', { resourceRole: 'owner' })).toBe(true);
    expect(can(guest, 'workflow', 'read')).toBe(false);
    expect(can(guest, 'workflow', 'read', { resourceRole: 'public' })).toBe(true);
    expect(can(guest, 'workflow', 'update', { resourceRole: 'owner' })).toBe(false);
    // Resource roles apply to shared content only, not to the organization's settings.
    expect(can(teammate, 'subscription', 'update', { resourceRole: 'owner' })).toBe(false);
  });

  it("lets sign-up's payment step add a card and nothing else", () => {
    const paymentSetup = { kind: 'payment-setup' } as const;
    for (const resource of permissionResources) {
      for (const action of permissionActions) {
        expect(can(paymentSetup, resource, action)).toBe(
          resource === 'payment-method' && action === 'create',
        );
      }
    }
    expect(isPermitted(paymentSetup, 'signed-in')).toBe(false);
  });

  it('keeps internal-admin endpoints for Dcipher staff', () => {
    expect(isPermitted(admin, 'internal-admin')).toBe(false);
    expect(isPermitted({ ...admin, internalAdmin: true }, 'internal-admin')).toBe(true);
    expect(isPermitted(guest, 'signed-in')).toBe(true);
  });
});

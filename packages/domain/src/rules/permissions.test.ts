import { describe, expect, it } from 'vitest';
import { ROLES } from '../constants/roles.ts';
import { hasRole, mayUseBackOffice } from './permissions.ts';

const member = { is_creator: false, is_superadmin: false };
const creator = { is_creator: true, is_superadmin: false };
const superadmin = { is_creator: false, is_superadmin: true };
const both = { is_creator: true, is_superadmin: true };

describe(hasRole.name, () => {
  it('lets anyone, even nobody, through a public operation', () => {
    for (const user of [null, undefined, member, creator, superadmin, both]) {
      expect(hasRole(user, 'public')).toBe(true);
    }
  });

  it('lets any signed-in account, and nobody else, through a member operation', () => {
    for (const user of [member, creator, superadmin, both]) expect(hasRole(user, 'member')).toBe(true);
    expect(hasRole(null, 'member')).toBe(false);
    expect(hasRole(undefined, 'member')).toBe(false);
  });

  it('lets creators and superadmins through a creator operation', () => {
    expect(hasRole(creator, 'creator')).toBe(true);
    expect(hasRole(both, 'creator')).toBe(true);
    expect(hasRole(superadmin, 'creator')).toBe(true);
    expect(hasRole(member, 'creator')).toBe(false);
    expect(hasRole(null, 'creator')).toBe(false);
  });

  it('lets only superadmins through a superadmin operation', () => {
    expect(hasRole(superadmin, 'superadmin')).toBe(true);
    expect(hasRole(both, 'superadmin')).toBe(true);
    expect(hasRole(creator, 'superadmin')).toBe(false);
    expect(hasRole(member, 'superadmin')).toBe(false);
    expect(hasRole(undefined, 'superadmin')).toBe(false);
  });

  it('knows exactly the four roles the OpenAPI document publishes', () => {
    expect(ROLES).toEqual(['public', 'member', 'creator', 'superadmin']);
  });
});

describe(mayUseBackOffice.name, () => {
  it('opens the back-office to creators only (spec section 6)', () => {
    expect(mayUseBackOffice(creator)).toBe(true);
    expect(mayUseBackOffice(both)).toBe(true);
    expect(mayUseBackOffice(member)).toBe(false);
    expect(mayUseBackOffice(superadmin)).toBe(false);
  });
});

import type { RequiredRole } from '../constants/roles.ts';

export interface RoleHolder {
  is_creator: boolean;
  is_superadmin: boolean;
}

/** Whether a signed-in user (or nobody) meets the role an operation requires. */
export function hasRole(user: RoleHolder | null | undefined, role: RequiredRole): boolean {
  switch (role) {
    case 'public':
      return true;
    // Every account subscribes to the app; which kind of session it holds is the server's check.
    case 'member':
      return !!user;
    case 'creator':
      return !!user && (user.is_creator || user.is_superadmin);
    case 'superadmin':
      return !!user && user.is_superadmin;
  }
}

/** Only creators may use the back-office (spec section 6). */
export function mayUseBackOffice(user: RoleHolder): boolean {
  return user.is_creator;
}

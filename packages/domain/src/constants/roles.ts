/**
 * The role an operation requires, as published in the OpenAPI document (x-required-role).
 * `member` is a signed-in subscriber of the app: an app (Bearer) session, whatever its user's other
 * roles. `creator` and `superadmin` are back-office roles: a web (cookie) session.
 */
export const ROLES = ['public', 'member', 'creator', 'superadmin'] as const;
export type RequiredRole = (typeof ROLES)[number];

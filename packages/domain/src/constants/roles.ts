/** The role an operation requires, as published in the OpenAPI document (x-required-role). */
export const ROLES = ['public', 'creator', 'superadmin'] as const;
export type RequiredRole = (typeof ROLES)[number];

import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLES, type RequiredRole } from '@coulisses/domain/constants/roles';
import { hasRole } from '@coulisses/domain/rules/permissions';
import { MESSAGES } from '@coulisses/domain/messages';
import type { SessionUser } from '@coulisses/domain/schemas/auth';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';

const SESSION_COOKIE = 'coulisses_session';

export type SessionKind = 'web' | 'app';

export interface ActiveSession {
  token: string;
  kind: SessionKind;
  signedInAt: number;
  expiresAt: number;
  user: SessionUser;
}

/**
 * How the plugin learns who holds a token. Sessions are a feature module (modules/auth), above
 * this plugin: app.ts hands the module's function in, so the plugin never imports a module
 * (docs/decisions/006-layers-and-modules.md).
 */
export type ResolveSession = (token: string) => Promise<ActiveSession | null>;

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifySchema {
    /** Who may call the operation; checked on every request, published in the OpenAPI document. */
    'x-required-role'?: RequiredRole;
  }
}

function requiredRoleOf(request: FastifyRequest): RequiredRole | undefined {
  return request.routeOptions.schema?.['x-required-role'];
}

export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  // The mobile app is not a browser on our origin: it sends its token in a header instead.
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || undefined;
  return undefined;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: number,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
  });
}

/**
 * Resolves the session and enforces the operation's required role in onRequest, before any body
 * is read. An /api route without a declared role cannot even be registered: access fails closed.
 */
export const sessionAuth = fp<{ resolveSession: ResolveSession }>(async (app, { resolveSession }) => {
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const role = route.schema?.['x-required-role'];
    if (!role || !ROLES.includes(role)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no valid x-required-role.`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const role = requiredRoleOf(request);
    if (!role) return;
    const token = sessionTokenOf(request);
    request.session = token ? await resolveSession(token) : null;
    if (role === 'public') return;
    if (!request.session) {
      throw new UnauthorizedError(token ? MESSAGES.sessionExpired : MESSAGES.signInRequired);
    }
    // A member operation is the app's (a comment, a report): a back-office cookie does not speak for
    // the app, so a creator's browser cannot be made to comment by a page it visits.
    if (role === 'member') {
      if (request.session.kind !== 'app') throw new UnauthorizedError(MESSAGES.signInRequired);
      return;
    }
    // An app token is handed to a phone, for the app's operations: a stolen or leaked one must not
    // open the back-office, whatever the roles of its user.
    if (request.session.kind !== 'web') throw new UnauthorizedError(MESSAGES.signInRequired);
    if (!hasRole(request.session.user, role)) {
      throw new ForbiddenError(role === 'superadmin' ? MESSAGES.noAccess : MESSAGES.notACreator);
    }
  });
});

/** The request's session if it opens the back-office: a web session of a creator or superadmin. */
export function backOfficeSession(request: FastifyRequest): ActiveSession | null {
  const session = request.session;
  return session?.kind === 'web' && hasRole(session.user, 'creator') ? session : null;
}

/** The signed-in user of an operation whose role is not public. */
export function currentSession(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new UnauthorizedError();
  return request.session;
}

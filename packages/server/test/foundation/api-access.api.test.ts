import { afterAll, describe, expect, it } from 'vitest';
import { ROLES, type RequiredRole } from '@coulisses/domain/constants/roles';
import { MESSAGES } from '@coulisses/domain/messages';
import { openSession } from '../../src/modules/auth/sessions.service.ts';
import { buildTestApp } from '../build-test-app.ts';
import { makeSignedIn, makeUser } from '../factories.ts';

/**
 * Read from the OpenAPI document, so an operation added later is covered without touching this
 * file: its role must be declared, and enforced before anything else happens.
 */
interface Operation {
  method: string;
  path: string;
  role: RequiredRole | undefined;
}

const FAKE_ID = '00000000-0000-4000-8000-000000000000';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const t = await buildTestApp();
afterAll(async () => {
  await t.close();
});

const documentResponse = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
const document = documentResponse.json<{
  paths: Record<string, Record<string, { 'x-required-role'?: RequiredRole }>>;
}>();
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => HTTP_METHODS.includes(method))
    .map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      role: operation['x-required-role'],
    })),
);
const guarded = operations.filter((operation) => operation.role !== 'public');
const backOffice = operations.filter(
  (operation) => operation.role === 'creator' || operation.role === 'superadmin',
);
const memberOnly = operations.filter((operation) => operation.role === 'member');
const superadminOnly = operations.filter((operation) => operation.role === 'superadmin');

/** A concrete URL for a documented path: every {param} becomes an id that exists nowhere. */
function urlOf(operation: Operation): string {
  return operation.path.replace(/\{[^}]+\}/g, FAKE_ID);
}

function call(operation: Operation, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: operation.method as 'GET',
    url: urlOf(operation),
    headers,
  });
}

const label = (operation: Operation) => `${operation.method} ${operation.path}`;

describe('the OpenAPI document', () => {
  it('is served as JSON and lists the foundation operations', () => {
    expect(documentResponse.statusCode).toBe(200);
    expect(operations.map(label)).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'GET /api/config',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'GET /api/auth/me',
        'POST /api/auth/refresh',
        'GET /api/stats/dashboard',
      ]),
    );
  });

  it('gives every operation an x-required-role of public, member, creator or superadmin', () => {
    const undeclared = operations.filter((operation) => !operation.role || !ROLES.includes(operation.role));
    expect(undeclared.map(label)).toEqual([]);
  });

  it('declares the foundation roles', () => {
    const roleOf = (name: string) => operations.find((operation) => label(operation) === name)?.role;
    expect(roleOf('GET /api/health')).toBe('public');
    expect(roleOf('GET /api/config')).toBe('public');
    expect(roleOf('POST /api/auth/login')).toBe('public');
    expect(roleOf('GET /api/auth/me')).toBe('public');
    expect(roleOf('POST /api/auth/logout')).toBe('creator');
    expect(roleOf('POST /api/auth/refresh')).toBe('creator');
    expect(roleOf('GET /api/stats/dashboard')).toBe('creator');
  });

  it('is browsable in Swagger UI at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('without a session', () => {
  it.each(guarded.map((operation) => [label(operation), operation] as const))(
    '%s answers 401',
    async (_, operation) => {
      const response = await call(operation);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthorized', message: MESSAGES.signInRequired } });
    },
  );

  it.each(guarded.map((operation) => [label(operation), operation] as const))(
    '%s answers 401 to an unknown session cookie, saying the session has expired',
    async (_, operation) => {
      const response = await call(operation, { cookie: 'coulisses_session=inconnu' });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe(MESSAGES.sessionExpired);
    },
  );
});

// A member who is not a creator, holding a back-office session (as one keeps after losing the
// creator role): the role check refuses them. An app token is refused before it, with 401.
const member = await makeUser(t, { creator: false });
const memberSession = await openSession(t, member.id, 'web');
const creator = await makeSignedIn(t);
const superadmin = await makeSignedIn(t, { superadmin: true });

describe('with a session that lacks the role', () => {
  it.each(backOffice.map((operation) => [label(operation), operation] as const))(
    '%s answers 403 to a member who is not a creator',
    async (_, operation) => {
      const response = await call(operation, { authorization: `Bearer ${memberSession.token}` });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('forbidden');
    },
  );

  it.each(superadminOnly.map((operation) => [label(operation), operation] as const))(
    '%s answers 403 to a creator, and lets the superadmin past the role check',
    async (_, operation) => {
      const refused = await call(operation, { cookie: creator.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: { code: 'forbidden', message: MESSAGES.noAccess } });

      const allowed = await call(operation, { cookie: superadmin.cookie });
      expect(allowed.statusCode).not.toBe(401);
      expect(allowed.body).not.toContain(MESSAGES.noAccess);
    },
  );
});

describe('a member operation', () => {
  it('exists: the app comments', () => {
    expect(memberOnly.map(label)).toEqual(expect.arrayContaining(['POST /api/public/videos/{id}/comments']));
  });

  it.each(memberOnly.map((operation) => [label(operation), operation] as const))(
    "%s answers 401 to a back-office session, even a superadmin's",
    async (_, operation) => {
      const webSessions: Record<string, string>[] = [
        { cookie: superadmin.cookie },
        { authorization: `Bearer ${memberSession.token}` },
      ];
      for (const headers of webSessions) {
        const response = await call(operation, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json().error.message).toBe(MESSAGES.signInRequired);
      }
    },
  );
});

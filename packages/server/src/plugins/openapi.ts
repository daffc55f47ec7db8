import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Swagger UI loads only its own files and runs no inline script, so its pages get a CSP as strict
 * as the app's. The one inline style is the colours of its logo, allowed by hash. The plugin's
 * default would allow styles and fonts from any https origin.
 */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The OpenAPI document at /api/openapi.json and, unless switched off, Swagger UI at /api/docs. */
export const openapi = fp<{ ui: boolean }>(async (app, { ui }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Coulisses API',
        description:
          'Back-office and app API of Coulisses. Each operation states the role it requires in x-required-role.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'coulisses_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (ui) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });
});

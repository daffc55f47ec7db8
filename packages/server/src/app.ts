import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { setFrenchValidationMessages } from '@coulisses/domain/zod-french';
import type { Config } from './config/env.ts';
import type { AppContext } from './context.ts';
import { diskFilesRoot } from './lib/disk-storage.ts';
import { RequestLog } from './lib/request-log.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { draining } from './plugins/draining.ts';
import { errorHandler, frameworkErrors } from './plugins/error-handler.ts';
import { jsonCompression } from './plugins/json-compression.ts';
import { openapi } from './plugins/openapi.ts';
import { requestPacing } from './plugins/request-pacing.ts';
import { security } from './plugins/security.ts';
import { outsideImageOrigins } from './modules/firebase-import/firebase-import.service.ts';
import { sessionAuth } from './plugins/session-auth.ts';
import { storedFiles } from './plugins/stored-files.ts';
import { uploads } from './plugins/uploads.ts';
import { builtScriptSources, webApp } from './plugins/web-app.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { resolveSession } from './modules/auth/sessions.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { subscribersRoutes } from './modules/subscribers/subscribers.routes.ts';
import { creatorRoutes } from './modules/creators/creators.routes.ts';
import { pageSettingsRoutes } from './modules/page-settings/page-settings.routes.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { countingRoutes } from './modules/counting/counting.routes.ts';
import { appAuthRoutes } from './modules/app-auth/app-auth.routes.ts';
import { categoryRoutes } from './modules/categories/categories.routes.ts';
import { videoRoutes } from './modules/videos/videos.routes.ts';
import { discountRoutes } from './modules/discounts/discounts.routes.ts';
import { myAccountRoutes } from './modules/my-account/my-account.routes.ts';
import { journalRoutes } from './modules/journal/journal.routes.ts';
import { appCommentRoutes } from './modules/comments/app-comments.routes.ts';
import { commentRoutes } from './modules/comments/comments.routes.ts';

/** Where browsers fetch uploaded images from when they do not come through /files/. */
function storagePublicOrigin({ storage }: Config) {
  return storage.kind === 's3' && storage.publicUrl ? new URL(storage.publicUrl).origin : undefined;
}

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
}

/** The whole HTTP application; the server and the API tests build it the same way. */
export async function buildApp(context: AppContext, options: BuildAppOptions = {}) {
  setFrenchValidationMessages();
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new RequestLog(),
    trustProxy: context.config.trustProxy,
    // JSON bodies are small forms; images go through multipart with their own limits.
    bodyLimit: 256 * 1024,
    requestTimeout: 120_000,
    connectionTimeout: 130_000,
    return503OnClosing: true,
    frameworkErrors,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // The API speaks JSON (and multipart for images): text/plain, a form any site can post, gets a 415.
  app.removeContentTypeParser('text/plain');

  await app.register(errorHandler);
  await app.register(draining);
  await app.register(requestPacing);
  await app.register(security, {
    hstsMaxAge: context.config.hstsMaxAge,
    imageOrigins: () => outsideImageOrigins(context),
    storageOrigin: storagePublicOrigin(context.config),
    scriptSources: builtScriptSources(context.config.webDistDir),
  });
  await app.register(jsonCompression);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(uploads, {
    tmpDir: path.join(context.config.dataDir, 'tmp'),
    overall: context.config.uploadConcurrency,
    perUser: context.config.uploadsPerUser,
  });
  await app.register(openapi, { ui: context.config.apiDocs });
  await app.register(sessionAuth, { resolveSession: (token) => resolveSession(context, token) });

  await app.register(healthRoutes, context);
  await app.register(authRoutes, context);
  await app.register(statsRoutes, context);
  await app.register(subscribersRoutes, context);
  await app.register(creatorRoutes, context);
  await app.register(pageSettingsRoutes, context);
  await app.register(catalogueRoutes, context);
  await app.register(countingRoutes, context);
  await app.register(appAuthRoutes, context);
  await app.register(categoryRoutes, context);
  await app.register(videoRoutes, context);
  await app.register(discountRoutes, context);
  await app.register(myAccountRoutes, context);
  await app.register(journalRoutes, context);
  await app.register(appCommentRoutes, context);
  await app.register(commentRoutes, context);

  app.get('/api/openapi.json', { schema: { hide: true, 'x-required-role': 'public' } }, async () =>
    app.swagger(),
  );

  await app.register(storedFiles, {
    storage: context.storage,
    diskRoot: context.config.storage.kind === 'disk' ? diskFilesRoot(context.config.dataDir) : undefined,
  });
  await app.register(webApp, { distDir: context.config.webDistDir });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './app-env';

/**
 * Serves the built SPA. Hashed assets are cached for a year; every other non-API GET gets
 * index.html so that deep links such as /partners work on reload (serveStatic has no fallback).
 */
const noCache = createMiddleware(async (c, next) => {
  await next();
  if (c.res.ok) c.header('Cache-Control', 'no-cache');
});

export function spaRoutes(clientDir: string) {
  const indexPath = path.join(clientDir, 'index.html');
  const app = new Hono<AppEnv>();
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  // The service worker and the manifest (issue 24, decision 0129) are revalidated on every
  // load, so a deploy reaches installed apps at once ("Reload to update"); the worker's own
  // precache holds the hashed assets.
  app.use('/sw.js', noCache);
  app.use('/manifest.webmanifest', noCache);
  app.use('/*', serveStatic({ root: path.relative(process.cwd(), clientDir) || '.' }));
  // A built file that is not there (an old build's page code, asked for by a tab opened before
  // an upgrade) is missing, not the app: index.html in its place made the browser refuse it as
  // a script of the wrong type, where a 404 lets the page say "a new version is ready".
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('/*', (c) => {
    if (!fs.existsSync(indexPath)) {
      return c.text('The web client is not built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexPath, 'utf8'));
  });
  return app;
}

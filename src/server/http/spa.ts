import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AppEnv } from './app-env';

/**
 * Serves the built SPA. Hashed assets are cached for a year; every other non-API GET gets
 * index.html so that deep links such as /partners work on reload (serveStatic has no fallback).
 */
export function spaRoutes(clientDir: string) {
  const indexPath = path.join(clientDir, 'index.html');
  const app = new Hono<AppEnv>();
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/*', serveStatic({ root: path.relative(process.cwd(), clientDir) || '.' }));
  app.get('/*', (c) => {
    if (!fs.existsSync(indexPath)) {
      return c.text('The web client is not built yet. Run `npm run build` (npm start does this for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexPath, 'utf8'));
  });
  return app;
}

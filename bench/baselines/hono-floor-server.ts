/**
 * The floor under /api/health: one Hono route on @hono/node-server that answers the same JSON
 * with the portal's own security-headers middleware, and nothing else. The gap between bare
 * node:http and this server is the framework and the headers every portal answer carries; the
 * gap between this and /api/health is the portal's own middleware (docs/decisions/0055).
 * Run by bench/scenarios/http.ts as a child process: `node --import tsx` this file, PORT set.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { securityHeaders } from '#server/http/security-headers';

const app = new Hono();
app.use('*', securityHeaders);
app.get('/', (c) => c.json({ status: 'ok' }));

serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => {
  process.stdout.write('ready\n');
});

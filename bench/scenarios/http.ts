/**
 * Scenario 1, HTTP throughput: requests/s and p99 latency at 50 connections for a bare
 * node:http server (the ceiling of this machine and runtime), the portal's /api/health, and
 * one signed-in page of 50 partners. Beside them, Hono with the portal's security headers and
 * nothing else (bench/baselines), which splits the gap between bare and health. The baselines
 * run as processes of their own, like the portal, so all compete with the load generator (this
 * process) on equal terms.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../portal';

export interface HttpFigure {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  errors: number;
  non2xx: number;
}

export const HTTP_CONNECTIONS = 50;

export async function loadTest(
  url: string,
  durationSeconds: number,
  headers: Record<string, string> = {},
): Promise<HttpFigure> {
  // A short unmeasured warm-up: JIT, the database's plan and page caches.
  await autocannon({ url, connections: HTTP_CONNECTIONS, duration: 1, headers });
  const result = await autocannon({ url, connections: HTTP_CONNECTIONS, duration: durationSeconds, headers });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const HELLO_SERVER = `
const http = require('node:http');
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"status":"ok"}');
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

const HONO_FLOOR_SERVER = fileURLToPath(new URL('../baselines/hono-floor-server.ts', import.meta.url));

/** Measures the bare node:http hello server in a child process of its own. */
export function measureBareNode(durationSeconds: number): Promise<HttpFigure> {
  return measureChildServer(['-e', HELLO_SERVER], durationSeconds);
}

/** Measures Hono with the portal's security headers and one JSON route (bench/baselines). */
export function measureHonoFloor(durationSeconds: number): Promise<HttpFigure> {
  return measureChildServer(['--import', 'tsx', HONO_FLOOR_SERVER], durationSeconds);
}

/** Starts `node <args>` with PORT set, waits for it to print a line, and load-tests `/`. */
async function measureChildServer(args: string[], durationSeconds: number): Promise<HttpFigure> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`baseline server ${args.at(-1)} exited with ${code}`)));
    });
    return await loadTest(`http://127.0.0.1:${port}/`, durationSeconds);
  } finally {
    child.kill('SIGKILL');
  }
}

export interface PortalHttpFigures {
  health: HttpFigure;
  partnersPage: HttpFigure;
}

export async function measurePortalHttp(
  url: string,
  cookie: string,
  durationSeconds: number,
): Promise<PortalHttpFigures> {
  const health = await loadTest(`${url}/api/health`, durationSeconds);
  const partnersPage = await loadTest(`${url}/api/partners?limit=50`, durationSeconds, { cookie });
  return { health, partnersPage };
}

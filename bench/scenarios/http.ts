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
import { freePort } from '#test-support/free-port';

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
  return figureOf(await autocannon({ url, connections: HTTP_CONNECTIONS, duration: durationSeconds, headers }));
}

/** What a load test's result says, as the report shows it. */
export function figureOf(result: autocannon.Result): HttpFigure {
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

interface ChildServer {
  url: string;
  stop(): void;
}

/** Starts `node <args>` with PORT set and waits for it to print its first line. */
async function startChildServer(args: string[]): Promise<ChildServer> {
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
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGKILL') };
}

/** The round whose requests/s is the median of the rounds measured. */
function medianRound(rounds: HttpFigure[]): HttpFigure {
  return [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(rounds.length / 2)]!;
}

export interface PortalHttpFigures {
  /** A bare node:http hello server: the ceiling of this machine and runtime. */
  bareNode: HttpFigure;
  /** Hono with the portal's security headers and one JSON route (bench/baselines). */
  honoFloor: HttpFigure;
  health: HttpFigure;
  partnersPage: HttpFigure;
}

/**
 * Throughput swings by a third from one run to the next on a shared 2-core machine, so the
 * two baselines and /api/health are measured in turns, `rounds` times, and each keeps its
 * median round: all three then saw the same conditions. The baseline servers run while the
 * portal idles beside them. Then the signed-in partners page.
 */
export async function measurePortalHttp(
  url: string,
  cookie: string,
  durationSeconds: number,
  rounds: number,
): Promise<PortalHttpFigures> {
  const bare = await startChildServer(['-e', HELLO_SERVER]);
  const hono = await startChildServer(['--import', 'tsx', HONO_FLOOR_SERVER]).catch((err: unknown) => {
    bare.stop();
    throw err;
  });
  const measured = { bareNode: [] as HttpFigure[], honoFloor: [] as HttpFigure[], health: [] as HttpFigure[] };
  try {
    for (let round = 0; round < rounds; round++) {
      measured.bareNode.push(await loadTest(bare.url, durationSeconds));
      measured.honoFloor.push(await loadTest(hono.url, durationSeconds));
      measured.health.push(await loadTest(`${url}/api/health`, durationSeconds));
    }
  } finally {
    bare.stop();
    hono.stop();
  }
  const partnersPage = await loadTest(`${url}/api/partners?limit=50`, durationSeconds, { cookie });
  return {
    bareNode: medianRound(measured.bareNode),
    honoFloor: medianRound(measured.honoFloor),
    health: medianRound(measured.health),
    partnersPage,
  };
}

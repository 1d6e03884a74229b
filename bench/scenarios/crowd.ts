/**
 * Scenario 9, many people at once (issue 18): 50 connections for `seconds` after a warm-up of
 * `warmUpSeconds`, on the screens a staff meeting opens together: the dashboard summary, the
 * partners page, the common and the rare search, fifty people each searching a different name,
 * and recording a gift. Each is loaded alone, in turn, against the seeded data.
 */
import autocannon from 'autocannon';
import { DASHBOARD_PATH } from './dashboard';
import { HTTP_CONNECTIONS, type HttpFigure } from './http';
import { percentile } from '../stats';
import { seededFullNames } from '../seed';
import { SEARCH_TERMS } from './search';

export type CrowdFigures = Record<
  'dashboard' | 'partnersPage' | 'commonSearch' | 'rareSearch' | 'differentSearches' | 'recordGift',
  HttpFigure
>;

const GIFT = JSON.stringify({ partnerName: 'Crowd Test Giver', amount: '25.00', donationType: 'one-time' });

/**
 * One load of `warmUpSeconds + seconds` at 50 connections; the figures are the responses that
 * arrive in its last `seconds`. The warm-up and the measurement are one load on purpose: run
 * as two loads back to back, the measured one began while the server still held the warm-up's
 * last 50 requests, so its first 50 waited behind 100 and a write's p99 timed that handover,
 * not 50 people (decision 0167). Errors and non-2xx answers count over the whole load.
 */
async function crowd(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  warmUpSeconds: number,
  post?: string,
  /** Each request's path, one after the other, instead of `url`'s. */
  nextPath?: () => string,
): Promise<HttpFigure> {
  const measuredMs: number[] = [];
  /** When the warm-up ended; until then answers are not figures. */
  let measuredFrom: number | undefined;
  const startMeasuring = setTimeout(() => (measuredFrom = performance.now()), warmUpSeconds * 1000);
  const result = await autocannon({
    url,
    connections: HTTP_CONNECTIONS,
    duration: warmUpSeconds + seconds,
    headers: post ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(post ? { method: 'POST' as const, body: post } : {}),
    ...(nextPath ? { requests: [{ setupRequest: (request: object) => ({ ...request, path: nextPath() }) }] } : {}),
    setupClient: (client) => {
      client.on('response', (_status: number, _bytes: number, ms: number) => {
        if (measuredFrom !== undefined) measuredMs.push(ms);
      });
    },
  });
  clearTimeout(startMeasuring);
  if (measuredFrom === undefined || measuredMs.length === 0)
    throw new Error(`no response in the measured ${seconds} s of ${url}`);
  const measuredSeconds = (performance.now() - measuredFrom) / 1000;
  return {
    requestsPerSecond: measuredMs.length / measuredSeconds,
    p50Ms: percentile(measuredMs, 50),
    p99Ms: percentile(measuredMs, 99),
    requests: measuredMs.length,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Paths of a search for each seeded full name in turn (10,000 or so, more than a run asks). */
function eachName(): () => string {
  const names = seededFullNames(100_000);
  let next = 0;
  return () => `/api/partners?limit=50&q=${encodeURIComponent(names[next++ % names.length]!)}`;
}

export async function measureCrowd(
  base: string,
  cookie: string,
  seconds: number,
  warmUpSeconds: number,
): Promise<CrowdFigures> {
  const headers = { cookie, origin: base };
  return {
    dashboard: await crowd(`${base}${DASHBOARD_PATH}`, headers, seconds, warmUpSeconds),
    partnersPage: await crowd(`${base}/api/partners?limit=50`, headers, seconds, warmUpSeconds),
    commonSearch: await crowd(
      `${base}/api/partners?limit=50&q=${encodeURIComponent(SEARCH_TERMS.common)}`,
      headers,
      seconds,
      warmUpSeconds,
    ),
    rareSearch: await crowd(
      `${base}/api/partners?limit=50&q=${encodeURIComponent(SEARCH_TERMS.rare)}`,
      headers,
      seconds,
      warmUpSeconds,
    ),
    // A kept page answers the crowd's one term (decision 0137): here each request asks a name
    // nobody else asked, so every answer is computed.
    differentSearches: await crowd(`${base}/api/partners`, headers, seconds, warmUpSeconds, undefined, eachName()),
    recordGift: await crowd(`${base}/api/giving/donations`, headers, seconds, warmUpSeconds, GIFT),
  };
}

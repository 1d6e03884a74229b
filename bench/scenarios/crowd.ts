/**
 * Scenario 9, many people at once (issue 18): 50 connections for `seconds` after a warm-up of
 * `warmUpSeconds`, on the screens a staff meeting opens together: the dashboard summary, the
 * partners page, the common and the rare search, fifty people each searching a different name,
 * and recording a gift. Each is loaded alone, in turn, against the seeded data.
 */
import autocannon from 'autocannon';
import { DASHBOARD_PATH } from './dashboard';
import { figureOf, HTTP_CONNECTIONS, type HttpFigure } from './http';
import { seededFullNames } from '../seed';
import { SEARCH_TERMS } from './search';

export type CrowdFigures = Record<
  'dashboard' | 'partnersPage' | 'commonSearch' | 'rareSearch' | 'differentSearches' | 'recordGift',
  HttpFigure
>;

const GIFT = JSON.stringify({ partnerName: 'Crowd Test Giver', amount: '25.00', donationType: 'one-time' });

async function crowd(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  warmUpSeconds: number,
  post?: string,
  /** Each request's path, one after the other, instead of `url`'s. */
  nextPath?: () => string,
): Promise<HttpFigure> {
  const options = {
    url,
    connections: HTTP_CONNECTIONS,
    headers: post ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(post ? { method: 'POST' as const, body: post } : {}),
    ...(nextPath ? { requests: [{ setupRequest: (request: object) => ({ ...request, path: nextPath() }) }] } : {}),
  };
  await autocannon({ ...options, duration: warmUpSeconds });
  return figureOf(await autocannon({ ...options, duration: seconds }));
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

/**
 * Scenario 9, many people at once (issue 18): 50 connections for `seconds` after a warm-up of
 * `warmUpSeconds`, on the screens a staff meeting opens together: the dashboard summary, the
 * partners page, the common and the rare search, and recording a gift. Each is loaded alone,
 * in turn, against the seeded data.
 */
import autocannon from 'autocannon';
import { DASHBOARD_PATH } from './dashboard';
import { figureOf, HTTP_CONNECTIONS, type HttpFigure } from './http';
import { SEARCH_TERMS } from './search';

export type CrowdFigures = Record<
  'dashboard' | 'partnersPage' | 'commonSearch' | 'rareSearch' | 'recordGift',
  HttpFigure
>;

const GIFT = JSON.stringify({ partnerName: 'Crowd Test Giver', amount: '25.00', donationType: 'one-time' });

async function crowd(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  warmUpSeconds: number,
  post?: string,
): Promise<HttpFigure> {
  const options = {
    url,
    connections: HTTP_CONNECTIONS,
    headers: post ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(post ? { method: 'POST' as const, body: post } : {}),
  };
  await autocannon({ ...options, duration: warmUpSeconds });
  return figureOf(await autocannon({ ...options, duration: seconds }));
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
    recordGift: await crowd(`${base}/api/giving/donations`, headers, seconds, warmUpSeconds, GIFT),
  };
}

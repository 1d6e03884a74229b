/**
 * Scenario 2, the dashboard: p50/p95 of GET /api/dashboard/summary (the Monthly Giving card,
 * the chart and the other cards) over the seeded gifts, beside the same statements replayed on
 * the raw driver.
 */
import { pino } from 'pino';
import { dashboardSources } from '#server/feature-wiring';
import { dashboardSummary } from '#server/features/dashboard/service';
import { captureStatements, type RawDriver } from '../direct-sql';
import { sampleMs, summarize, type Summary } from '../stats';

const silent = pino({ level: 'silent' });
export const DASHBOARD_PATH = '/api/dashboard/summary?tz=UTC';

export async function measureDashboardDirect(
  driver: RawDriver,
  samples: number,
): Promise<{ summary: Summary; statements: number }> {
  const { statements, replay } = await captureStatements(driver, (db) =>
    dashboardSummary(dashboardSources, db, silent, { now: new Date(), timeZone: 'UTC' }),
  );
  return { summary: summarize(await sampleMs(replay, samples)), statements: statements.length };
}

export async function measureDashboardApi(url: string, cookie: string, samples: number): Promise<Summary> {
  return summarize(await sampleMs(() => getOk(`${url}${DASHBOARD_PATH}`, cookie), samples));
}

export async function getOk(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 200)}`);
  return body;
}

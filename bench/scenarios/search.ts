/**
 * Scenario 3, partner search: p50/p95 of GET /api/partners?q=... (first page, 50 partners) for a
 * common term (1% of partners match) and a rare two-word term (a dozen match), beside the same
 * statement replayed on the raw driver.
 */
import { listPartners } from '#server/features/partners/service';
import { captureStatements, type RawDriver } from '../direct-sql';
import { COMMON_TERM, RARE_TERM } from '../seed';
import { sampleMs, summarize, type Summary } from '../stats';
import { getOk } from './dashboard';

export const SEARCH_TERMS = { common: COMMON_TERM, rare: RARE_TERM } as const;
export type SearchTerm = keyof typeof SEARCH_TERMS;

export interface DirectSearch {
  summary: Summary;
  /** Partners the term matches in the whole directory (the page shows at most 50). */
  matches: number;
}

export async function measureSearchDirect(driver: RawDriver, term: SearchTerm, samples: number): Promise<DirectSearch> {
  const q = SEARCH_TERMS[term];
  const { replay } = await captureStatements(driver, (db) => listPartners(db, { q, limit: 50 }));
  const counted = (await driver.query({
    text: `select count(*)::int as n from partners where name ilike $1 or email ilike $1 or location ilike $1`,
    params: [`%${q}%`],
  })) as { rows: { n: number }[] };
  return { summary: summarize(await sampleMs(replay, samples)), matches: counted.rows[0]!.n };
}

export async function measureSearchApi(
  url: string,
  cookie: string,
  term: SearchTerm,
  samples: number,
): Promise<Summary> {
  const target = `${url}/api/partners?limit=50&q=${encodeURIComponent(SEARCH_TERMS[term])}`;
  return summarize(await sampleMs(() => getOk(target, cookie), samples));
}

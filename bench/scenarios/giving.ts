/**
 * Scenario 10, the Giving screen (issue 19): at the seeded gifts (1,000,000 in the full run,
 * over five years), the first page of a filtered list with the count and the sum of everything
 * the filters match, through the API as an admin: this month, this month's monthly gifts, this
 * month between two amounts, one partner's gifts, a text search over names and notes, and the
 * whole of last year (a fifth of the gifts, the largest set a preset sums); then the page ten
 * "Show more" down this year.
 */
import { createHash } from 'node:crypto';
import { sampleMs, summarize, type Summary } from '../stats';
import { getOk } from './dashboard';

export type GivingPageName = 'thisMonth' | 'monthly' | 'amountRange' | 'partner' | 'text' | 'lastYear' | 'deeper';
export type GivingFigures = Record<GivingPageName, Summary>;

/** The seed's partner ids: md5('bench-partner-' || i) as a uuid (bench/seed.ts). */
function benchPartnerId(i: number): string {
  const hex = createHash('md5').update(`bench-partner-${i}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function measureGivingPages(url: string, cookie: string, samples: number): Promise<GivingFigures> {
  const api = `${url}/api/giving/gifts`;
  const now = new Date();
  const month = { from: new Date(now.getFullYear(), now.getMonth(), 1), to: now };
  const lastYear = { from: new Date(now.getFullYear() - 1, 0, 1), to: new Date(now.getFullYear(), 0, 1) };
  const range = (r: { from: Date; to: Date }) => ({ from: r.from.toISOString(), to: r.to.toISOString() });
  const query = (params: Record<string, string>) => `${api}?${new URLSearchParams(params)}`;
  const time = (params: Record<string, string>) =>
    sampleMs(() => getOk(query(params), cookie), samples).then(summarize);

  // A partner of the seed's, by the id bench/seed.ts gives it (each partner gives about ten gifts).
  const partnerId = benchPartnerId(4242);
  const partnerPage = JSON.parse(await getOk(query({ partnerId }), cookie)) as { summary: { count: number } };
  if (partnerPage.summary.count === 0) throw new Error('bench: partner 4242 has no gifts; the seed changed');

  let cursor = '';
  const thisYear = range({ from: new Date(now.getFullYear(), 0, 1), to: now });
  for (let page = 0; page < 10; page++) {
    const body = JSON.parse(await getOk(query(cursor ? { ...thisYear, cursor } : thisYear), cookie)) as {
      nextCursor: string | null;
    };
    cursor = body.nextCursor ?? '';
  }

  return {
    thisMonth: await time(range(month)),
    monthly: await time({ ...range(month), type: 'monthly' }),
    amountRange: await time({ ...range(month), min: '100', max: '250' }),
    partner: await time({ partnerId }),
    text: await time({ q: 'Anonymous 42' }),
    lastYear: await time(range(lastYear)),
    deeper: await time({ ...thisYear, cursor }),
  };
}

import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import type { RecordedChange } from '#server/service/notices';
import { givingNotices } from './notices';

const gift = { amount: '1250.5', partnerName: 'Hannah', donationType: 'monthly' as const };
const recorded = (unrecorded: unknown): RecordedChange => ({
  actorId: 'admin',
  action: 'donation.created',
  subject: { type: 'donation', id: 'gift-1' },
  before: null,
  after: gift,
  unrecorded,
});
const noDatabase = {} as Db;

/** A gift's alert is written in the currency its insert returned (decision 0143). */
describe('the Donation Alert of a gift recorded', () => {
  it('is written in the currency the change hands over, reading nothing', async () => {
    let reads = 0;
    const rules = givingNotices(async () => {
      reads++;
      return 'USD';
    });
    const [alert] = await rules['donation.created']!(recorded({ currency: 'EUR' }), noDatabase);
    expect(alert).toMatchObject({
      to: { features: ['giving'] },
      category: 'donation',
      title: 'Gift recorded: €1,250.50 from Hannah',
      body: 'A monthly gift',
      link: '/giving',
    });
    expect(reads).toBe(0);
  });

  it('refuses a gift recorded without its currency rather than guess one', () => {
    const rules = givingNotices(async () => 'USD');
    expect(() => rules['donation.created']!(recorded(undefined), noDatabase)).toThrow(/without its currency/);
  });
});

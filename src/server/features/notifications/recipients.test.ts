import { describe, expect, it } from 'vitest';
import type { NoticeDraft } from '#server/service/notices';
import { recipientsAmong, type TeamMember } from './recipients';

const member = (id: string, overrides: Partial<TeamMember> = {}): TeamMember => ({
  id,
  email: `${id}@example.org`,
  name: id,
  emailNotifications: true,
  emailFrequency: 'immediately',
  partnerUpdates: true,
  donationAlerts: true,
  role: 'coordinator',
  switches: [],
  ...overrides,
});

const draft = (to: NoticeDraft['to'], category: NoticeDraft['category'] = 'always'): NoticeDraft => ({
  to,
  category,
  kind: 'test',
  title: 'Test',
  link: '/',
});

const ids = (team: TeamMember[], d: NoticeDraft, actorId: string | null = null) =>
  recipientsAmong(team, d, actorId).map((person) => person.id);

/** Who a draft reaches among the team read once for a change (decision 0143). */
describe('recipientsAmong', () => {
  it('reaches those holding every feature of the draft now, admins holding all', () => {
    const team = [
      member('admin', { role: 'admin' }),
      member('granted', { switches: [['giving', true]] }),
      member('plain'),
      member('switched-off', { switches: [['tasks', false]] }),
      member('no-role', { role: 'none', switches: [['giving', true]] }),
    ];
    expect(ids(team, draft({ features: ['giving'] }))).toEqual(['admin', 'granted']);
    expect(ids(team, draft({ features: ['tasks'] }))).toEqual(['admin', 'granted', 'plain']);
    expect(ids(team, draft({ features: ['giving', 'tasks'] }))).toEqual(['admin', 'granted']);
  });

  it('keeps to the people a draft names, and never tells the person who made the change', () => {
    const team = [member('a'), member('b'), member('c')];
    expect(ids(team, draft({ features: ['tasks'], userIds: ['c', 'a'] }))).toEqual(['a', 'c']);
    expect(ids(team, draft({ features: ['tasks'], userIds: [] }))).toEqual([]);
    expect(ids(team, draft({ features: ['tasks'] }), 'b')).toEqual(['a', 'c']);
    expect(ids(team, draft({ features: ['tasks'], userIds: ['b'] }), 'b')).toEqual([]);
  });

  it("follows the category's switch: Donation Alerts, Partner Updates, or none", () => {
    const team = [
      member('all', { role: 'admin' }),
      member('no-gifts', { role: 'admin', donationAlerts: false }),
      member('no-partners', { role: 'admin', partnerUpdates: false }),
    ];
    expect(ids(team, draft({ features: ['giving'] }, 'donation'))).toEqual(['all', 'no-partners']);
    expect(ids(team, draft({ features: ['partners'] }, 'partner'))).toEqual(['all', 'no-gifts']);
    expect(ids(team, draft({ features: ['partners'] }, 'always'))).toEqual(['all', 'no-gifts', 'no-partners']);
  });

  it('reads switches as the database hands them, a JSON array or its text', () => {
    const team = [member('text', { switches: '[["giving",true]]' })];
    expect(ids(team, draft({ features: ['giving'] }))).toEqual(['text']);
    expect(recipientsAmong(team, draft({ features: ['giving'] }), null)[0]).toEqual({
      id: 'text',
      email: 'text@example.org',
      name: 'text',
      emailNotifications: true,
      emailFrequency: 'immediately',
    });
  });
});

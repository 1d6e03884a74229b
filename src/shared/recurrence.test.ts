import { describe, expect, it } from 'vitest';
import {
  buildRule,
  choiceOf,
  describeRule,
  NO_REPEAT,
  parseRule,
  startFacts,
  RULE_INVALID,
  RULE_WITHOUT_END,
  type RepeatChoice,
} from './recurrence';

const NY = 'America/New_York';
// Tuesday 10 March 2026, 19:00 in New York (EDT, the first week after the March change).
const tuesday = new Date('2026-03-10T23:00:00Z');
const choice = (c: Partial<RepeatChoice>): RepeatChoice => ({ ...NO_REPEAT, ...c });

describe('buildRule', () => {
  it('writes nothing for "Does not repeat"', () => {
    expect(buildRule(NO_REPEAT, tuesday, NY, false)).toBeNull();
  });

  it('ends a dated series at the end of that day in the zone, as UTC', () => {
    // 30 June 2027 ends at 23:59:59 EDT, 03:59:59 UTC the next day.
    expect(buildRule(choice({ frequency: 'weekly', ends: 'until', until: '2027-06-30' }), tuesday, NY, false)).toBe(
      'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270701T035959Z',
    );
  });

  it('keeps the chosen weekdays in week order and counts', () => {
    expect(
      buildRule(choice({ frequency: 'weekly', weekdays: ['TH', 'TU'], ends: 'count', count: 8 }), tuesday, NY, false),
    ).toBe('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=8');
  });

  it('repeats monthly by date or by "second Tuesday", and the fifth weekday is the last', () => {
    expect(buildRule(choice({ frequency: 'monthly', count: 3 }), tuesday, NY, false)).toBe(
      'FREQ=MONTHLY;BYMONTHDAY=10;COUNT=3',
    );
    expect(buildRule(choice({ frequency: 'monthly', monthlyBy: 'weekday', count: 3 }), tuesday, NY, false)).toBe(
      'FREQ=MONTHLY;BYDAY=2TU;COUNT=3',
    );
    const fifth = new Date('2026-03-31T23:00:00Z');
    expect(buildRule(choice({ frequency: 'monthly', monthlyBy: 'weekday', count: 3 }), fifth, NY, false)).toBe(
      'FREQ=MONTHLY;BYDAY=-1TU;COUNT=3',
    );
  });

  it('ends an all-day series on a date', () => {
    expect(
      buildRule(
        choice({ frequency: 'yearly', ends: 'until', until: '2030-12-24' }),
        new Date('2026-12-24T00:00:00Z'),
        NY,
        true,
      ),
    ).toBe('FREQ=YEARLY;UNTIL=20301224');
  });

  it('reads back into the same choice', () => {
    const c = choice({ frequency: 'weekly', weekdays: ['MO', 'WE'], ends: 'count', count: 5 });
    expect(choiceOf(buildRule(c, tuesday, NY, false), NY)).toEqual(c);
  });

  it("reads an end date back as the day it is in the series' zone, west and east of UTC, and all day", () => {
    for (const zone of [NY, 'Asia/Tokyo', 'Pacific/Auckland', 'UTC']) {
      const c = choice({ frequency: 'daily', ends: 'until', until: '2026-12-05' });
      // Saving the form unchanged keeps the series as it was (it grew by a day west of UTC).
      expect(choiceOf(buildRule(c, new Date('2026-12-02T12:00:00Z'), zone, false), zone)).toEqual(c);
    }
    const allDay = choice({ frequency: 'yearly', ends: 'until', until: '2030-12-24' });
    expect(choiceOf(buildRule(allDay, new Date('2026-12-24T00:00:00Z'), NY, true), NY)).toEqual(allDay);
    expect(choiceOf('FREQ=DAILY;UNTIL=20261206T045959Z', NY).until).toBe('2026-12-05');
  });
});

describe('startFacts', () => {
  it("reads the start in the series' zone, not the browser's: a Tuesday evening in Los Angeles is early Wednesday in UTC", () => {
    const start = new Date('2026-12-02T03:00:00Z'); // Tue Dec 1, 19:00 in Los Angeles
    expect(startFacts(start, 'America/Los_Angeles', false)).toEqual({
      weekday: 'TU',
      date: 'day 1',
      ordinal: 'the first Tuesday',
    });
    expect(startFacts(start, 'UTC', false)).toEqual({ weekday: 'WE', date: 'day 2', ordinal: 'the first Wednesday' });
    // The weekly default the words offer is the one the rule is built with.
    expect(buildRule({ ...NO_REPEAT, frequency: 'weekly' }, start, 'America/Los_Angeles', false)).toContain('BYDAY=TU');
  });

  it('calls a fifth weekday the last, and reads an all-day start as its UTC date', () => {
    expect(startFacts(new Date('2026-12-29T18:00:00Z'), 'Europe/London', false).ordinal).toBe('the last Tuesday');
    expect(startFacts(new Date('2026-12-01T00:00:00Z'), 'America/Los_Angeles', true)).toMatchObject({
      weekday: 'TU',
      date: 'day 1',
    });
  });
});

describe('parseRule', () => {
  it('refuses a rule without an end', () => {
    expect(parseRule('FREQ=WEEKLY;BYDAY=TU')).toBe(RULE_WITHOUT_END);
  });

  it.each([
    'FREQ=HOURLY;COUNT=3',
    'FREQ=WEEKLY;COUNT=3;UNTIL=20270101',
    'FREQ=WEEKLY;BYHOUR=3;COUNT=2',
    'FREQ=WEEKLY;COUNT=0',
    'RRULE:FREQ=DAILY;COUNT=2',
    'FREQ=DAILY;COUNT=2;COUNT=3',
    'FREQ=DAILY;UNTIL=2027-01-01',
    'COUNT=3',
    '',
  ])('refuses %s', (rule) => {
    expect(parseRule(rule)).toBe(RULE_INVALID);
  });
});

describe('describeRule', () => {
  it.each([
    ['FREQ=WEEKLY;BYDAY=TU;UNTIL=20270701T035959Z', 'Every Tuesday until Jun 30, 2027'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=12', 'Every Monday, Wednesday and Friday, 12 times'],
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=4', 'Every 2 weeks on Tuesday, 4 times'],
    ['FREQ=DAILY;COUNT=1', 'Every day, once'],
    ['FREQ=MONTHLY;BYDAY=2TU;COUNT=6', 'Every month on the second Tuesday, 6 times'],
    ['FREQ=MONTHLY;BYMONTHDAY=10;UNTIL=20261231T235959Z', 'Every month on day 10 until Dec 31, 2026'],
    ['FREQ=YEARLY;COUNT=5', 'Every year on March 10, 5 times'],
  ])('%s reads "%s"', (rule, words) => {
    expect(describeRule(rule, tuesday, NY, false)).toBe(words);
  });

  it('reads an all-day UNTIL as the date written', () => {
    expect(describeRule('FREQ=YEARLY;UNTIL=20301224', new Date('2026-12-24T00:00:00Z'), NY, true)).toBe(
      'Every year on December 24 until Dec 24, 2030',
    );
  });
});

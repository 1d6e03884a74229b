import { describe, expect, it } from 'vitest';
import { cardDateLabel, cardTimeLabel, detailDateLines, fromLocalInput, toLocalInput } from './event-dates';

// Local times: the rules are about the viewer's own days, whatever zone the tests run in.
const at = (day: number, hour: number, minute = 0) => new Date(2030, 2, day, hour, minute);

describe('event dates (D8)', () => {
  it("show one 'MMM dd, yyyy' date when start and end are on the same day", () => {
    expect(cardDateLabel(at(14, 18), at(14, 21))).toBe('Mar 14, 2030');
    expect(cardDateLabel(at(14, 0), at(14, 23, 59))).toBe('Mar 14, 2030');
  });

  it('show a range when they fall on different days', () => {
    expect(cardDateLabel(at(14, 18), at(16, 12))).toBe('Mar 14, 2030 - Mar 16, 2030');
    expect(cardDateLabel(at(14, 23), at(15, 1))).toBe('Mar 14, 2030 - Mar 15, 2030');
  });

  it('give a card the hours of an event within one day, and no time line otherwise', () => {
    expect(cardTimeLabel(at(14, 18), at(14, 20), false)).toBe('6:00 PM - 8:00 PM');
    expect(cardTimeLabel(at(14, 9, 30), at(14, 12), false)).toBe('9:30 AM - 12:00 PM');
    expect(cardTimeLabel(at(14, 18), at(16, 12), false)).toBeNull();
    expect(cardTimeLabel(at(14, 0), at(14, 0), true)).toBeNull();
  });

  it('show the long format with times in the details', () => {
    expect(detailDateLines(at(14, 18), at(14, 21, 30))).toEqual(['Thursday, March 14, 2030', '6:00 PM - 9:30 PM']);
    expect(detailDateLines(at(14, 9), at(15, 16))).toEqual([
      'Thursday, March 14, 2030 at 9:00 AM',
      'until Friday, March 15, 2030 at 4:00 PM',
    ]);
  });

  it('convert between the date-time input and instants in the local zone', () => {
    const iso = fromLocalInput('2030-03-14T18:05');
    expect(new Date(iso).getTime()).toBe(at(14, 18, 5).getTime());
    expect(toLocalInput(iso)).toBe('2030-03-14T18:05');
  });
});

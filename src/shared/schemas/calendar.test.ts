import { describe, expect, it } from 'vitest';
import { eventFormSchema, eventInputSchema } from './calendar';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('event input (API)', () => {
  const valid = {
    title: ' Prayer Breakfast ',
    startDate: '2025-06-01T07:00:00.000Z',
    endDate: '2025-06-01T09:00:00+02:00',
  };

  it('trims, and stores empty optional text as null', () => {
    expect(eventInputSchema.parse({ ...valid, description: '  ', location: ' Hall ' })).toEqual({
      title: 'Prayer Breakfast',
      description: null,
      location: 'Hall',
      startDate: valid.startDate,
      endDate: valid.endDate,
      removeImage: false,
      // Issue 22: a single, timed event planned in UTC unless the form says otherwise.
      allDay: false,
      timeZone: 'UTC',
      recurrence: null,
    });
  });

  it('requires title, start and end', () => {
    expect(firstError(eventInputSchema.safeParse({ ...valid, title: '   ' }))).toBe('Title is required');
    expect(firstError(eventInputSchema.safeParse({ startDate: valid.startDate, endDate: valid.endDate }))).toBe(
      'Title is required',
    );
    expect(firstError(eventInputSchema.safeParse({ ...valid, startDate: '' }))).toBe('Start date is required');
    expect(firstError(eventInputSchema.safeParse({ ...valid, endDate: undefined }))).toBe('End date is required');
    expect(firstError(eventInputSchema.safeParse({ ...valid, startDate: 'next tuesday' }))).toBe(
      'Start date is required',
    );
  });

  it('refuses an end before the start (D8), and allows the same instant', () => {
    expect(firstError(eventInputSchema.safeParse({ ...valid, endDate: '2025-06-01T06:59:59Z' }))).toBe(
      'End date must be after start date',
    );
    // 09:00+02:00 is 07:00Z: the same instant as the start.
    expect(eventInputSchema.safeParse(valid).success).toBe(true);
  });

  it('limits lengths', () => {
    expect(firstError(eventInputSchema.safeParse({ ...valid, title: 'x'.repeat(201) }))).toBe(
      'Title is limited to 200 characters',
    );
    expect(firstError(eventInputSchema.safeParse({ ...valid, location: 'x'.repeat(201) }))).toBe(
      'Location is limited to 200 characters',
    );
  });
});

describe('event form (dialog)', () => {
  const valid = { title: 'Camp', description: '', location: '', start: '2025-07-01T09:00', end: '2025-07-03T16:00' };

  it('accepts a multi-day event and refuses end before start', () => {
    expect(eventFormSchema.safeParse(valid).success).toBe(true);
    expect(firstError(eventFormSchema.safeParse({ ...valid, end: '2025-07-01T08:59' }))).toBe(
      'End date must be after start date',
    );
  });

  it('requires title, start and end', () => {
    expect(firstError(eventFormSchema.safeParse({ ...valid, title: ' ' }))).toBe('Title is required');
    expect(firstError(eventFormSchema.safeParse({ ...valid, start: '' }))).toBe('Start date is required');
    expect(firstError(eventFormSchema.safeParse({ ...valid, end: '' }))).toBe('End date is required');
  });
});

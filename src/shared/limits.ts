/** Limits shared by forms and server validation (SPEC.md section 9). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** The longest email address the sign-in form and schema accept. */
export const SIGN_IN_EMAIL_MAX_LENGTH = 255;

/**
 * The years a date may fall in (issue 26: year 0000 gave a server error, years 1 to 99 came
 * back as 1999 or 2001). Wide enough for any ministry's records and plans; everything inside
 * round-trips exactly on both databases.
 */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2200;
export const DATE_OUT_OF_RANGE = `Please enter a date between ${EARLIEST_YEAR} and ${LATEST_YEAR}`;
/** A filter's range whose first day is after its last (the Giving screen's, the audit log's). */
export const DATE_RANGE_BACKWARDS = 'The start of the date range must not be after its end';

/** Whether an ISO date or date-time ('2026-11-24', '2026-11-24T09:30:00+01:00') is written within those years. */
export function isYearInRange(iso: string): boolean {
  const year = Number(/^(\d{4})-/.exec(iso)?.[1] ?? NaN);
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

// Year-end statements (issue 19 item 4): the year and the zone its calendar year is taken in.
import { z } from 'zod';
import { EARLIEST_YEAR } from '../limits';
import { isValidTimeZone, wallClock } from '../time-zone';

/** The latest year a statement can be for: the current year on the zone's calendar. */
export const latestStatementYear = (timeZone = 'UTC', now = new Date()) =>
  wallClock(now, isValidTimeZone(timeZone) ? timeZone : 'UTC').year;

export const yearOutOfRange = (timeZone?: string) =>
  `Choose a year between ${EARLIEST_YEAR} and ${latestStatementYear(timeZone)}`;

export const TIME_ZONE_MESSAGE = 'Unknown time zone';

const statementFields = {
  year: z.coerce.number({ error: 'Choose a year' }).int('Choose a year'),
  // The calendar year is taken in this zone (the browser's); UTC when none is given.
  tz: z
    .string()
    .max(100, TIME_ZONE_MESSAGE)
    .refine(isValidTimeZone, TIME_ZONE_MESSAGE)
    .optional()
    .transform((tz) => tz ?? 'UTC'),
};

const yearInRange = <T extends { year: number; tz: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.year < EARLIEST_YEAR || value.year > latestStatementYear(value.tz)) {
    ctx.addIssue({ code: 'custom', message: yearOutOfRange(value.tz), path: ['year'] });
  }
};

/** GET /api/giving/statements/:partnerId?year=YYYY&tz=Zone */
export const statementQuerySchema = z.object(statementFields).superRefine(yearInRange);

/** POST /api/giving/statements/batches and /emails: every statement of a year. */
export const statementBatchSchema = z
  .object({ year: z.number({ error: 'Choose a year' }).int('Choose a year'), tz: statementFields.tz })
  .superRefine(yearInRange);
export type StatementBatchInput = z.input<typeof statementBatchSchema>;

export const statementJobParamSchema = z.object({ jobId: z.uuid({ error: 'Statements not found' }) });

/** What a statement batch's job answers when it has finished. */
export interface StatementBatchResult {
  year: number;
  statements: number;
  /** Email jobs: how many emails were queued. */
  emailed?: number;
}

/** The kinds of statement job, for the client to tell them apart. */
export const STATEMENT_ARCHIVE_JOB = 'giving.statement_archive';
export const STATEMENT_EMAIL_JOB = 'giving.statement_emails';
/** The hourly clean-up of archives older than STATEMENT_ARCHIVE_KEEP_DAYS. */
export const STATEMENT_ARCHIVE_PRUNE_JOB = 'giving.statement_archives_prune';
/** How long a built archive of statements stays downloadable (donors' records are not kept lying about). */
export const STATEMENT_ARCHIVE_KEEP_DAYS = 7;

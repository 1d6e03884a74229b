import { z } from 'zod';

/**
 * GET /api/dashboard/summary: the browser's IANA time zone for month boundaries (D10). An
 * unknown zone is not an error: the server falls back to UTC and says so in the answer.
 */
export const dashboardQuerySchema = z.object({
  tz: z.string().max(100, 'Invalid time zone').optional(),
});

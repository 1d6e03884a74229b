import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { feedTokenSchema } from '#shared/schemas/calendar';
import { feedCalendar } from './feed';

/**
 * /api/calendar/feed/<token>.ics: a person's calendar feed, mounted before the session
 * middleware because calendar apps subscribe without one (the token is the credential,
 * decision 0121). Every refusal is the same bare 404: an unknown, renewed or revoked token
 * (its owner lost the calendar permission or their role) gives no hint which it was.
 */
export function calendarFeedRoutes() {
  return new Hono<AppEnv>().get('/:file', async (c) => {
    c.header('Cache-Control', 'no-store');
    const param = feedTokenSchema.safeParse(c.req.param());
    if (!param.success) return c.json({ error: 'Not found' }, 404);
    const body = await feedCalendar(c.var.deps.database.db, param.data.file.slice(0, -'.ics'.length));
    if (body === null) return c.json({ error: 'Not found' }, 404);
    c.header('Content-Type', 'text/calendar; charset=utf-8');
    c.header('Content-Disposition', 'inline; filename="calendar.ics"');
    return c.body(body);
  });
}

import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { user } from '#server/db/schema';
import type { AppEnv } from '#server/http/app-env';
import { requireUser } from '#server/http/require';
import { refuse } from '#server/service/errors';

/** GET /api/me: who is signed in, their role and effective permissions (D4). */
export function meRoutes() {
  return new Hono<AppEnv>().get('/', requireUser, async (c) => {
    const { id } = c.var.user!;
    const [row] = await c.var.deps.database.db
      .select({ id: user.id, email: user.email, name: user.name, displayName: user.displayName })
      .from(user)
      .where(eq(user.id, id));
    if (!row) refuse(401, 'Not authenticated');
    const { role, permissions } = c.var.access!;
    // `setup`: a step to take before anything else (a temporary password, two-factor enrolment).
    return c.json({ user: row, role, permissions, setup: c.var.setup });
  });
}

import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { user } from '../../db/schema';
import type { AppEnv } from '../../http/app-env';
import { requireUser } from '../../http/require';

/** GET /api/me: who is signed in, their role and effective permissions (D4). */
export function meRoutes() {
  return new Hono<AppEnv>().get('/', requireUser, async (c) => {
    const { id } = c.var.user!;
    const [row] = await c.var.deps.database.db
      .select({ id: user.id, email: user.email, name: user.name, displayName: user.displayName })
      .from(user)
      .where(eq(user.id, id));
    if (!row) return c.json({ error: 'Not authenticated' }, 401);
    const { role, permissions } = c.var.access!;
    return c.json({ user: row, role, permissions });
  });
}

import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';

/**
 * The one way routes validate input (D11): the same zod schema the form uses; a bad request
 * gets 400 with the first issue's readable message (and all issues for forms that want them),
 * and the handler never runs, so nothing changes.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return c.json({ error: issues[0]?.message ?? 'Invalid request', issues }, 400);
    }
  });
}

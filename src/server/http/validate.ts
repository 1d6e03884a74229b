import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { findNulText, NUL_TEXT_MESSAGE } from './nul-text';

/**
 * The one way routes validate input (D11): the same zod schema the form uses; a bad request
 * gets 400 with the first issue's readable message (and all issues for forms that want them),
 * and the handler never runs, so nothing changes. Text holding U+0000 is refused the same
 * way (nul-text.ts).
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return c.json({ error: issues[0]?.message ?? 'Invalid request', issues }, 400);
    }
    const nulAt = findNulText(result.data);
    if (nulAt !== undefined) {
      return c.json({ error: NUL_TEXT_MESSAGE, issues: [{ path: nulAt, message: NUL_TEXT_MESSAGE }] }, 400);
    }
  });
}

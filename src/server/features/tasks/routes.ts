import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { idempotent } from '#server/http/idempotency';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { createTaskSchema, taskIdParamSchema, updateTaskSchema } from '#shared/schemas/tasks';
import {
  COMPLETED_LIST_LIMIT,
  createTask,
  deleteTask,
  listAssignees,
  listTasks,
  updateTask,
  withPartnerNames,
  type TaskPartners,
} from './service';

/**
 * /api/tasks: the shared task board (D9). Everyone with the tasks permission sees every task
 * and may complete or reopen any of them; editing and deleting follow docs/decisions/0030.
 */
export function tasksRoutes(partners: TaskPartners) {
  return new Hono<AppEnv>()
    .use('*', requireFeature('tasks'))
    .get('/', async (c) => {
      const db = c.var.deps.database.db;
      const board = await listTasks(db);
      // A follow-up names its partner to those who may see partners (issue 20).
      const names = c.var.access?.permissions.partners ? partners : null;
      const [active, completed] = await Promise.all([
        withPartnerNames(db, board.active, names),
        withPartnerNames(db, board.completed, names),
      ]);
      return c.json({ ...board, active, completed, completedListLimit: COMPLETED_LIST_LIMIT }, 200);
    })
    .get('/assignees', async (c) => c.json({ users: await listAssignees(c.var.deps.database.db) }, 200))
    .post('/', idempotent, validate('json', createTaskSchema), async (c) =>
      c.json({ task: await createTask(contextOf(c), c.req.valid('json'), partners) }, 201),
    )
    .patch('/:id', idempotent, validate('param', taskIdParamSchema), validate('json', updateTaskSchema), async (c) =>
      c.json({ task: await updateTask(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .delete('/:id', validate('param', taskIdParamSchema), async (c) =>
      c.json(await deleteTask(contextOf(c), c.req.valid('param').id), 200),
    );
}

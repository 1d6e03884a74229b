import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { requireFeature } from '../../http/require';
import { validate } from '../../http/validate';
import { createTaskSchema, taskIdParamSchema, updateTaskSchema } from '../../../shared/schemas/tasks';
import { COMPLETED_LIST_LIMIT, createTask, deleteTask, listAssignees, listTasks, updateTask } from './service';

/**
 * /api/tasks: the shared task board (D9). Everyone with the tasks permission sees every task
 * and may complete or reopen any of them; editing and deleting follow docs/decisions/0030.
 */
export function tasksRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireFeature('tasks'))
    .get('/', async (c) => {
      const board = await listTasks(c.var.deps.database.db);
      return c.json({ ...board, completedListLimit: COMPLETED_LIST_LIMIT }, 200);
    })
    .get('/assignees', async (c) => c.json({ users: await listAssignees(c.var.deps.database.db) }, 200))
    .post('/', validate('json', createTaskSchema), async (c) => {
      const result = await createTask(c.var.deps, actorOf(c.var), c.req.valid('json'));
      if (!result.ok) return c.json({ error: result.error }, result.status);
      return c.json({ task: result.value }, 201);
    })
    .patch('/:id', validate('param', taskIdParamSchema), validate('json', updateTaskSchema), async (c) => {
      const result = await updateTask(c.var.deps, actorOf(c.var), c.req.valid('param').id, c.req.valid('json'));
      if (!result.ok) return c.json({ error: result.error }, result.status);
      return c.json({ task: result.value }, 200);
    })
    .delete('/:id', validate('param', taskIdParamSchema), async (c) => {
      const result = await deleteTask(c.var.deps, actorOf(c.var), c.req.valid('param').id);
      if (!result.ok) return c.json({ error: result.error }, result.status);
      return c.json(result.value, 200);
    });
}

function actorOf(vars: AppEnv['Variables']) {
  return { id: vars.user!.id, role: vars.access!.role };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '#test-support/sse';
import { testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import {
  openTasksFixture,
  tasksTestApi,
  type TaskBody,
  type TasksFixture,
} from '#test-support/features/tasks-test-api';

// Completing, editing and deleting a task, and the realtime notices of each change.
describe.each(testDatabaseTargets())('task changes on $name', (target) => {
  let fixture: TasksFixture;
  let t: TestApp;
  let admin: TestUser;
  let sam: TestUser;
  let ruth: TestUser;
  let blocked: TestUser;

  beforeAll(async () => {
    fixture = await openTasksFixture(target);
    ({ t, admin, sam, ruth, blocked } = fixture);
  });
  afterAll(async () => {
    await fixture?.t.close();
  });

  const { as, board, create, patch, remove, createOk, rowOf } = tasksTestApi(() => fixture);

  describe('completing and reopening', () => {
    it('keeps completed_at in step with the status, for anyone with the permission', async () => {
      const task = await createOk(admin, { title: 'Send thank-you cards', assignedTo: sam.id });

      // Ruth neither created nor holds the task: the checkbox is open to everyone (D9).
      const completed = await patch(ruth, task.id, { status: 'completed' });
      expect(completed.status).toBe(200);
      const first = (await rowOf(task.id))!;
      expect(first.status).toBe('completed');
      expect(first.completedAt).toBeInstanceOf(Date);
      expect(((await completed.json()) as { task: TaskBody }).task.completedAt).toBe(first.completedAt!.toISOString());

      // Completing again keeps the original moment.
      expect((await patch(sam, task.id, { status: 'completed' })).status).toBe(200);
      expect((await rowOf(task.id))!.completedAt).toEqual(first.completedAt);

      const reopened = await patch(ruth, task.id, { status: 'pending' });
      expect(reopened.status).toBe(200);
      expect(((await reopened.json()) as { task: TaskBody }).task).toMatchObject({
        status: 'pending',
        completedAt: null,
      });
      expect((await rowOf(task.id))!.completedAt).toBeNull();

      expect((await patch(ruth, task.id, { status: 'in-progress' })).status).toBe(200);
      expect((await rowOf(task.id))!).toMatchObject({ status: 'in-progress', completedAt: null });

      expect((await patch(ruth, task.id, { status: 'completed' })).status).toBe(200);
      expect((await rowOf(task.id))!.completedAt).not.toBeNull();
    });

    it('moves a completed task between the lists', async () => {
      const task = await createOk(sam, { title: `Move me ${Math.random()}` });
      await patch(sam, task.id, { status: 'completed' });
      let b = await board(ruth);
      expect(b.active.map((x) => x.id)).not.toContain(task.id);
      expect(b.completed.map((x) => x.id)).toContain(task.id);
      await patch(sam, task.id, { status: 'pending' });
      b = await board(ruth);
      expect(b.active.map((x) => x.id)).toContain(task.id);
      expect(b.completed.map((x) => x.id)).not.toContain(task.id);
    });
  });

  describe('editing', () => {
    it('lets the creator, the assignee and an admin change the details', async () => {
      const task = await createOk(sam, { title: 'Draft newsletter', assignedTo: ruth.id });
      expect((await patch(sam, task.id, { title: 'Draft the newsletter' })).status).toBe(200);
      expect((await patch(ruth, task.id, { priority: 'high', dueDate: '2031-01-09' })).status).toBe(200);
      const byAdmin = await patch(admin, task.id, { description: 'Stories and photos', assignedTo: null });
      expect(byAdmin.status).toBe(200);
      expect(((await byAdmin.json()) as { task: TaskBody }).task).toMatchObject({
        title: 'Draft the newsletter',
        description: 'Stories and photos',
        priority: 'high',
        dueDate: '2031-01-09',
        assignedTo: null,
        status: 'pending',
      });
    });

    it('refuses anyone else with 403 and changes nothing, status changes aside', async () => {
      const task = await createOk(admin, { title: 'Admin task', priority: 'low' });
      const before = await rowOf(task.id);
      const response = await patch(sam, task.id, { title: 'Hijacked', status: 'completed' });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: 'Only the person who created this task, its assignee or an admin can edit it.',
      });
      expect(await rowOf(task.id)).toEqual(before);
      // The status alone is anyone's to change.
      expect((await patch(sam, task.id, { status: 'in-progress' })).status).toBe(200);
    });

    const invalid: [string, unknown, string][] = [
      ['an empty change', {}, 'Please change at least one field'],
      ['only unknown fields', { colour: 'red' }, 'Please change at least one field'],
      ['a blank title', { title: ' ' }, 'Please enter a task title'],
      ['an unknown status', { status: 'finished' }, 'Please choose a status: pending, in-progress or completed'],
      ['an unknown priority', { priority: 'urgent' }, 'Please choose a priority: high, medium or low'],
      ['a bad due date', { dueDate: '31/01/2031' }, 'Please enter a valid due date'],
      ['an assignee who does not exist', { assignedTo: 'ghost' }, 'Please choose an assignee from the list'],
    ];
    it.each(invalid)('refuses %s with 400 and changes nothing', async (_, body, message) => {
      const task = await createOk(sam, { title: 'Untouchable', priority: 'medium' });
      const before = await rowOf(task.id);
      const response = await patch(sam, task.id, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await rowOf(task.id)).toEqual(before);
    });

    it('answers 400 for a malformed id and 404 for an unknown one', async () => {
      const malformed = await patch(sam, 'not-a-uuid', { status: 'completed' });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toMatchObject({ error: 'Invalid task id' });
      const unknown = await patch(sam, '6f1c2a8e-0c5d-4d7e-9a44-1f1e2d3c4b5a', { status: 'completed' });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ error: 'Task not found' });
    });
  });

  describe('deleting', () => {
    it('is for the creator or an admin only', async () => {
      const task = await createOk(sam, { title: 'Delete me', assignedTo: ruth.id });
      const byAssignee = await remove(ruth, task.id);
      expect(byAssignee.status).toBe(403);
      expect(await byAssignee.json()).toEqual({
        error: 'Only the person who created this task or an admin can delete it.',
      });
      expect(await rowOf(task.id)).toBeDefined();

      expect((await remove(sam, task.id)).status).toBe(200);
      expect(await rowOf(task.id)).toBeUndefined();
      const again = await remove(sam, task.id);
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ error: 'Task not found' });

      const other = await createOk(ruth, { title: 'Admin may delete' });
      expect((await remove(admin, other.id)).status).toBe(200);
      expect(await rowOf(other.id)).toBeUndefined();
    });

    it('answers 400 for a malformed id', async () => {
      const response = await remove(sam, '1234');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'Invalid task id' });
    });
  });

  describe('realtime', () => {
    async function openStream(u: TestUser) {
      const response = await t.app.request('/api/realtime', { headers: as(u) });
      expect(response.status).toBe(200);
      const reader = readSse(response);
      expect(await reader.next()).toMatchObject({ event: 'ready' });
      return reader;
    }

    /**
     * Earlier tests' changes are announced after their commit, through the database: on
     * PostgreSQL one may still reach a stream opened just after. A marker published now arrives
     * after all of them, so what the streams carry after it is this test's own.
     */
    async function skipEarlierNotices(...readers: Awaited<ReturnType<typeof openStream>>[]) {
      const marker = `start-${Math.random()}`;
      await t.deps.bus.publish({ everyone: true }, { type: 'permissions.changed', userId: marker });
      for (const reader of readers) {
        while (JSON.parse((await reader.next()).data).userId !== marker);
      }
    }

    it('tells everyone holding the tasks feature about each change, and no one else', async () => {
      const watcher = await openStream(ruth);
      const outsider = await openStream(blocked);
      try {
        await skipEarlierNotices(watcher, outsider);
        const task = await createOk(sam, { title: 'Announced task' });
        expect(JSON.parse((await watcher.next()).data)).toEqual({
          type: 'tasks.changed',
          taskId: task.id,
          change: 'created',
        });

        await patch(ruth, task.id, { status: 'completed' });
        const completed = await watcher.next();
        expect(completed.event).toBe('tasks.changed');
        expect(JSON.parse(completed.data)).toEqual({ type: 'tasks.changed', taskId: task.id, change: 'updated' });

        await remove(sam, task.id);
        expect(JSON.parse((await watcher.next()).data)).toEqual({
          type: 'tasks.changed',
          taskId: task.id,
          change: 'deleted',
        });

        // A refused change announces nothing; the outsider's first event is the sentinel.
        await create(sam, { title: '' });
        await t.deps.bus.publish({ everyone: true }, { type: 'permissions.changed', userId: 'sentinel' });
        expect(JSON.parse((await outsider.next()).data)).toEqual({ type: 'permissions.changed', userId: 'sentinel' });
        expect(JSON.parse((await watcher.next()).data)).toEqual({ type: 'permissions.changed', userId: 'sentinel' });
      } finally {
        await watcher.close();
        await outsider.close();
      }
    });
  });
});

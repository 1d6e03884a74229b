import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks, user } from '#server/db/schema';
import { testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import { COMPLETED_LIST_LIMIT } from './service';
import { openTasksFixture, tasksTestApi, type TasksFixture } from '#test-support/features/tasks-test-api';

// Who may use the board, its assignees, creating tasks and the board itself (changes to a task
// are in task-changes.int.test.ts).
describe.each(testDatabaseTargets())('tasks API on $name', (target) => {
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

  const { as, board, create, patch, remove, createOk, rowOf, taskCount } = tasksTestApi(() => fixture);

  describe('without a session or the permission', () => {
    it('answers 401 to every call without a session, and writes nothing', async () => {
      const before = await taskCount();
      const id = '00000000-0000-4000-8000-000000000000';
      const responses = [
        await t.request('/api/tasks'),
        await t.request('/api/tasks/assignees'),
        await create(null, { title: 'Sneaky' }),
        await patch(null, id, { status: 'completed' }),
        await remove(null, id),
      ];
      for (const response of responses) {
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ error: 'Not authenticated' });
      }
      expect(await taskCount()).toBe(before);
    });

    it('answers 403 to a coordinator whose tasks switch is off, and writes nothing', async () => {
      const task = await createOk(sam, { title: 'Guarded task' });
      const before = await taskCount();
      const responses = [
        await t.request('/api/tasks', { headers: as(blocked) }),
        await t.request('/api/tasks/assignees', { headers: as(blocked) }),
        await create(blocked, { title: 'Blocked task' }),
        await patch(blocked, task.id, { status: 'completed' }),
        await remove(blocked, task.id),
      ];
      for (const response of responses) {
        expect(response.status).toBe(403);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ error: 'You do not have permission to do this.' });
        expect(text).not.toContain('Guarded task');
      }
      expect(await taskCount()).toBe(before);
      expect((await rowOf(task.id))!.status).toBe('pending');
    });
  });

  describe('assignees', () => {
    it('lists every user by display name, else full name, else email, with id, name and email only', async () => {
      await t.db.update(user).set({ displayName: 'Pastor G' }).where(eq(user.id, admin.id));
      const response = await t.request('/api/tasks/assignees', { headers: as(sam) });
      expect(response.status).toBe(200);
      const { users } = (await response.json()) as { users: Record<string, unknown>[] };
      expect(users).toEqual([
        { id: blocked.id, name: 'no-tasks@example.org', email: 'no-tasks@example.org' },
        { id: admin.id, name: 'Pastor G', email: admin.email },
        { id: ruth.id, name: 'Ruth Bell', email: ruth.email },
        { id: sam.id, name: 'Sam Reed', email: sam.email },
      ]);
    });
  });

  describe('creating', () => {
    it('stores a task with defaults, trimmed text and the creator, and lists it as active', async () => {
      const task = await createOk(sam, { title: '  Call new partners  ', description: '', dueDate: '' });
      expect(task).toMatchObject({
        title: 'Call new partners',
        description: null,
        priority: 'medium',
        dueDate: null,
        status: 'pending',
        completedAt: null,
        createdBy: sam.id,
        createdByName: 'Sam Reed',
        assignedTo: null,
        assignedToName: null,
      });
      const listed = (await board(ruth)).active.find((x) => x.id === task.id);
      // The board also names a follow-up's partner (issue 20); this task has none.
      expect(listed).toEqual({ ...task, partnerId: null, partnerName: null });
    });

    it('stores every field given, with the assignee named', async () => {
      const task = await createOk(admin, {
        title: 'Plan appreciation dinner',
        description: 'Venue, catering, invitations.',
        priority: 'high',
        dueDate: '2031-05-17',
        assignedTo: ruth.id,
        status: 'in-progress',
      });
      expect(task).toMatchObject({
        description: 'Venue, catering, invitations.',
        priority: 'high',
        dueDate: '2031-05-17',
        status: 'in-progress',
        assignedTo: ruth.id,
        assignedToName: 'Ruth Bell',
        completedAt: null,
      });
    });

    it('sets completed_at when a task is created already completed', async () => {
      const before = Date.now();
      const task = await createOk(sam, { title: 'Already done', status: 'completed' });
      expect(Date.parse(task.completedAt!)).toBeGreaterThanOrEqual(before - 5_000);
      expect((await board(sam)).completed.map((x) => x.id)).toContain(task.id);
    });

    const invalid: [string, unknown, string][] = [
      ['a missing title', { description: 'No title' }, 'Please enter a task title'],
      ['a blank title', { title: '   ' }, 'Please enter a task title'],
      ['a title that is not text', { title: 42 }, 'Invalid input: expected string, received number'],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, 'The title can be at most 200 characters'],
      [
        'a description over 2000 characters',
        { title: 'Long', description: 'x'.repeat(2001) },
        'The description can be at most 2000 characters',
      ],
      ['an unknown priority', { title: 'Urgent', priority: 'urgent' }, 'Please choose a priority: high, medium or low'],
      [
        'an unknown status',
        { title: 'Done', status: 'done' },
        'Please choose a status: pending, in-progress or completed',
      ],
      ['a due date that is not a date', { title: 'Soon', dueDate: 'next week' }, 'Please enter a valid due date'],
      ['an impossible due date', { title: 'Never', dueDate: '2031-02-30' }, 'Please enter a valid due date'],
      [
        'an assignee id that is too long',
        { title: 'Someone', assignedTo: 'x'.repeat(101) },
        'Please choose an assignee from the list',
      ],
      [
        'an assignee who does not exist',
        { title: 'Nobody', assignedTo: 'no-such-user' },
        'Please choose an assignee from the list',
      ],
    ];
    it.each(invalid)('refuses %s with 400 and writes nothing', async (_, body, message) => {
      const before = await taskCount();
      const response = await create(sam, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await taskCount()).toBe(before);
    });

    it('refuses a body that is not JSON with 400 and writes nothing', async () => {
      const before = await taskCount();
      const response = await t.request('/api/tasks', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...as(sam) },
        body: '{"title": ',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Malformed JSON in request body' });
      expect(await taskCount()).toBe(before);
    });
  });

  describe('the board', () => {
    it('orders active tasks by due date (undated last), then priority, and counts active high-priority tasks only', async () => {
      const titles = ['Order A', 'Order B', 'Order C', 'Order D'].map((x) => `${x} ${Math.random()}`);
      await createOk(sam, { title: titles[3], priority: 'high' }); // no due date: last
      await createOk(sam, { title: titles[1], priority: 'low', dueDate: '2000-01-02' });
      await createOk(sam, { title: titles[2], priority: 'high', dueDate: '2000-01-03' });
      await createOk(sam, { title: titles[0], priority: 'high', dueDate: '2000-01-02' });
      const done = await createOk(sam, {
        title: `High but done ${Math.random()}`,
        priority: 'high',
        status: 'completed',
      });

      const { active, completed, counts } = await board(sam);
      const ours = active.map((x) => x.title).filter((x) => titles.includes(x));
      expect(ours).toEqual(titles);
      expect(completed.map((x) => x.id)).toContain(done.id);

      const rows = await t.db.select().from(tasks);
      expect(counts).toEqual({
        active: rows.filter((r) => r.status !== 'completed').length,
        highPriority: rows.filter((r) => r.status !== 'completed' && r.priority === 'high').length,
        completed: rows.filter((r) => r.status === 'completed').length,
      });
      expect(counts.highPriority).toBeGreaterThanOrEqual(3);
    });

    it(`lists only the ${COMPLETED_LIST_LIMIT} most recently completed tasks but counts them all`, async () => {
      const base = Date.UTC(2001, 0, 1);
      await t.db.insert(tasks).values(
        Array.from({ length: COMPLETED_LIST_LIMIT + 5 }, (_, i) => ({
          title: `Old completed ${i}`,
          status: 'completed' as const,
          completedAt: new Date(base + i * 60_000),
        })),
      );
      const { completed, counts, completedListLimit } = await board(sam);
      expect(completedListLimit).toBe(COMPLETED_LIST_LIMIT);
      expect(completed).toHaveLength(COMPLETED_LIST_LIMIT);
      const completedAt = completed.map((x) => Date.parse(x.completedAt!));
      expect(completedAt).toEqual([...completedAt].sort((a, b) => b - a));
      expect(completed.map((x) => x.title)).not.toContain('Old completed 0');
      expect(counts.completed).toBeGreaterThan(COMPLETED_LIST_LIMIT);
    });
  });
});

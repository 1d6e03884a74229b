import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, tasks, user } from '../../db/schema';
import { readSse } from '../../testing/sse';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '../../testing/test-database';
import { COMPLETED_LIST_LIMIT } from './service';

interface TaskBody {
  id: string;
  title: string;
  description: string | null;
  priority: string;
  dueDate: string | null;
  status: string;
  createdAt: string;
  completedAt: string | null;
  createdBy: string | null;
  createdByName: string | null;
  assignedTo: string | null;
  assignedToName: string | null;
}
interface Board {
  active: TaskBody[];
  completed: TaskBody[];
  counts: { active: number; highPriority: number; completed: number };
  completedListLimit: number;
}

describe.each(testDatabaseTargets())('tasks API on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let sam: TestUser;
  let ruth: TestUser;
  let blocked: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await t.createUser({
      email: 'pastor@example.org',
      password: 'admin-secret',
      role: 'admin',
      fullName: 'Pastor Grace',
    });
    sam = await t.createUser({
      email: 'sam@example.org',
      password: 'sam-secret',
      role: 'coordinator',
      fullName: 'Sam Reed',
    });
    ruth = await t.createUser({ email: 'ruth@example.org', password: 'ruth-secret', fullName: 'Ruth Bell' });
    blocked = await t.createUser({ email: 'no-tasks@example.org', password: 'blocked-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: blocked.id, feature: 'tasks', enabled: false });
    for (const u of [admin, sam, ruth, blocked]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const board = async (u: TestUser) => {
    const response = await t.request('/api/tasks', { headers: as(u) });
    expect(response.status).toBe(200);
    return (await response.json()) as Board;
  };
  const create = (u: TestUser | null, body: unknown) => t.postJson('/api/tasks', body, u ? as(u) : {});
  const patch = (u: TestUser | null, id: string, body: unknown) =>
    t.request(`/api/tasks/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...(u ? as(u) : {}) },
      body: JSON.stringify(body),
    });
  const remove = (u: TestUser | null, id: string) =>
    t.request(`/api/tasks/${id}`, { method: 'DELETE', headers: u ? as(u) : {} });
  const createOk = async (u: TestUser, body: Record<string, unknown>) => {
    const response = await create(u, body);
    expect(response.status).toBe(201);
    return ((await response.json()) as { task: TaskBody }).task;
  };
  const rowOf = async (id: string) => (await t.db.select().from(tasks).where(eq(tasks.id, id)))[0];
  const taskCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(tasks))[0]!.n;

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
      expect(listed).toEqual(task);
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

    it('tells everyone holding the tasks feature about each change, and no one else', async () => {
      const watcher = await openStream(ruth);
      const outsider = await openStream(blocked);
      try {
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

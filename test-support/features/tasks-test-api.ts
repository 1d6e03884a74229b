/** The tasks API as the integration tests call it: four people, their sessions, typed answers. */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { coordinatorPermissions, tasks } from '#server/db/schema';
import { createTestApp, type TestApp, type TestDatabaseTarget, type TestUser } from '#test-support/test-database';

export interface TaskBody {
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
export interface Board {
  active: TaskBody[];
  completed: TaskBody[];
  counts: { active: number; highPriority: number; completed: number };
  completedListLimit: number;
}

export interface TasksFixture {
  t: TestApp;
  admin: TestUser;
  /** A coordinator. */
  sam: TestUser;
  /** Not an admin, with the default switches (tasks on). */
  ruth: TestUser;
  /** Not an admin, with the tasks switch turned off. */
  blocked: TestUser;
  cookies: Record<string, string>;
}

/** A test app with the four people signed in; the caller closes `t`. */
export async function openTasksFixture(target: TestDatabaseTarget): Promise<TasksFixture> {
  const t = await createTestApp(target);
  const admin = await t.createUser({
    email: 'pastor@example.org',
    password: 'admin-secret',
    role: 'admin',
    fullName: 'Pastor Grace',
  });
  const sam = await t.createUser({
    email: 'sam@example.org',
    password: 'sam-secret',
    role: 'coordinator',
    fullName: 'Sam Reed',
  });
  const ruth = await t.createUser({ email: 'ruth@example.org', password: 'ruth-secret', fullName: 'Ruth Bell' });
  const blocked = await t.createUser({ email: 'no-tasks@example.org', password: 'blocked-secret' });
  await t.db.insert(coordinatorPermissions).values({ userId: blocked.id, feature: 'tasks', enabled: false });
  const cookies: Record<string, string> = {};
  for (const u of [admin, sam, ruth, blocked]) cookies[u.id] = await t.signIn(u.email, u.password);
  return { t, admin, sam, ruth, blocked, cookies };
}

/** Calls as one of the fixture's people (null: without a session). A function, as suites open it in beforeAll. */
export function tasksTestApi(fixture: () => TasksFixture) {
  const as = (u: TestUser) => ({ cookie: fixture().cookies[u.id]! });
  const board = async (u: TestUser) => {
    const response = await fixture().t.request('/api/tasks', { headers: as(u) });
    expect(response.status).toBe(200);
    return (await response.json()) as Board;
  };
  const create = (u: TestUser | null, body: unknown) => fixture().t.postJson('/api/tasks', body, u ? as(u) : {});
  const patch = (u: TestUser | null, id: string, body: unknown) =>
    fixture().t.sendJson('PATCH', `/api/tasks/${id}`, body, u ? as(u) : {});
  const remove = (u: TestUser | null, id: string) =>
    fixture().t.request(`/api/tasks/${id}`, { method: 'DELETE', headers: u ? as(u) : {} });
  const createOk = async (u: TestUser, body: Record<string, unknown>) => {
    const response = await create(u, body);
    expect(response.status).toBe(201);
    return ((await response.json()) as { task: TaskBody }).task;
  };
  const rowOf = async (id: string) => (await fixture().t.db.select().from(tasks).where(eq(tasks.id, id)))[0];
  const taskCount = async () =>
    (
      await fixture()
        .t.db.select({ n: sql<number>`count(*)::int` })
        .from(tasks)
    )[0]!.n;
  return { as, board, create, patch, remove, createOk, rowOf, taskCount };
}

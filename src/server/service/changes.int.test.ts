import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activity, tasks } from '../db/schema';
import type { Envelope } from '../realtime/event-bus';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import { resolvePermissions } from '#shared/permissions';
import { serviceContext, type ServiceContext } from './context';
import { ServiceError, refuse } from './errors';

/** The one change record (decision 0097): the activity row and the realtime event, both or neither. */
describe.each(testDatabaseTargets())('the change record on $name', (target) => {
  let t: TestApp;
  let person: TestUser;
  let ctx: ServiceContext;
  const heard: Envelope[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
    person = await t.createUser({ email: 'recorder@example.org', password: 'recorder-secret' });
    ctx = serviceContext(t.deps, {
      id: person.id,
      role: 'coordinator',
      permissions: resolvePermissions('coordinator', []),
      clientIp: '203.0.113.7',
    });
    t.deps.bus.subscribe((envelope) => heard.push(envelope));
  });
  afterAll(async () => {
    await t?.close();
  });

  const recordsOf = (subjectId: string) => t.db.select().from(activity).where(eq(activity.subjectId, subjectId));
  /** Whether a tasks.changed for this task reaches the bus within a moment (NOTIFY arrives after commit). */
  const announced = async (taskId: string) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return heard.some((e) => e.event.type === 'tasks.changed' && e.event.taskId === taskId);
  };

  it('keeps the change, its record and its announcement together when the change commits', async () => {
    const id = await ctx.change(async (tx) => {
      const [row] = await tx.db.insert(tasks).values({ title: 'Recorded', createdBy: tx.actor.id }).returning();
      await tx.record({
        action: 'task.created',
        subject: { type: 'task', id: row!.id },
        announce: {
          audience: { feature: 'tasks' },
          event: { type: 'tasks.changed', taskId: row!.id, change: 'created' },
        },
        after: { title: row!.title },
      });
      return row!.id;
    });

    const [record] = await recordsOf(id);
    expect(record).toMatchObject({
      actorId: person.id,
      clientIp: '203.0.113.7',
      action: 'task.created',
      subjectType: 'task',
      audience: [{ feature: 'tasks' }],
      before: null,
      after: { title: 'Recorded' },
    });
    expect(await announced(id)).toBe(true);
  });

  it("announces a change's several events in its record's statement, in order, one too long for NOTIFY as well", async () => {
    const id = crypto.randomUUID();
    const long = `${id}-${'x'.repeat(8_000)}`;
    const event = (taskId: string) => ({
      audience: { feature: 'tasks' as const },
      event: { type: 'tasks.changed' as const, taskId, change: 'updated' as const },
    });
    await ctx.change(async (tx) => {
      await tx.db.insert(tasks).values({ id, title: 'Announced three times', createdBy: tx.actor.id });
      await tx.record({
        action: 'task.created',
        subject: { type: 'task', id },
        announce: [event(`${id}-a`), event(long), event(`${id}-c`)],
      });
    });
    const ours = () =>
      heard.flatMap((e) => (e.event.type === 'tasks.changed' && e.event.taskId.startsWith(id) ? [e.event.taskId] : []));
    await vi.waitFor(() => expect(ours()).toEqual([`${id}-a`, long, `${id}-c`]));
    const [record] = await recordsOf(id);
    expect(record!.audience).toEqual([{ feature: 'tasks' }, { feature: 'tasks' }, { feature: 'tasks' }]);
  });

  it('keeps none of them when the change is refused or fails after recording', async () => {
    const id = crypto.randomUUID();
    for (const failure of [
      () => refuse(409, 'Changed meanwhile.'),
      () => {
        throw new Error('disk full');
      },
    ]) {
      await expect(
        ctx.change(async (tx) => {
          await tx.db.insert(tasks).values({ id, title: 'Rolled back', createdBy: tx.actor.id });
          await tx.record({
            action: 'task.created',
            subject: { type: 'task', id },
            announce: {
              audience: { feature: 'tasks' },
              event: { type: 'tasks.changed', taskId: id, change: 'created' },
            },
          });
          failure();
        }),
      ).rejects.toThrow();
    }
    expect(await t.db.select().from(tasks).where(eq(tasks.id, id))).toEqual([]);
    expect(await recordsOf(id)).toEqual([]);
    expect(await announced(id)).toBe(false);
  });

  it('joins the outer transaction when a change calls another', async () => {
    const id = crypto.randomUUID();
    await expect(
      ctx.change(async (outer) => {
        await outer.change(async (inner) => {
          await inner.db.insert(tasks).values({ id, title: 'Inner', createdBy: inner.actor.id });
          await inner.record({ action: 'task.created', subject: { type: 'task', id } });
        });
        refuse(400, 'The outer change is refused after the inner one wrote.');
      }),
    ).rejects.toBeInstanceOf(ServiceError);
    expect(await t.db.select().from(tasks).where(eq(tasks.id, id))).toEqual([]);
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(activity)
      .where(eq(activity.subjectId, id));
    expect(count!.n).toBe(0);
  });

  it('answers a refusal as the API standard error, with its status', async () => {
    const cookie = await t.signIn(person.email, person.password);
    const response = await t.sendJson('PATCH', `/api/tasks/${crypto.randomUUID()}`, { title: 'x' }, { cookie });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Task not found' });
  });
});

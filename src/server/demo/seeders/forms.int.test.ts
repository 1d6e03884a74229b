import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms, tasks } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { createFormSchema } from '#shared/schemas/forms';
import { createTaskSchema } from '#shared/schemas/tasks';
import { DEMO_PASSWORD, type DemoContext } from '../seed';
import { seedDemoForms } from './forms';
import { seedDemoTasks } from './tasks';
import { seedDemoPartners } from './partners';
import { seedDemoUsers } from './users';

describe.each(testDatabaseTargets())('demo tasks and forms on $name', (target) => {
  let t: TestApp;
  let context: DemoContext;

  beforeAll(async () => {
    t = await createTestApp(target);
    const users = await seedDemoUsers(t.db, DEMO_PASSWORD);
    context = { db: t.db, users, now: new Date() };
    await seedDemoTasks(context, await seedDemoPartners(context));
    await seedDemoForms(context);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds tasks the API would accept, with completed_at in step with the status', async () => {
    const rows = await t.db.select().from(tasks);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(createTaskSchema.safeParse(row).success).toBe(true);
      expect(row.completedAt !== null).toBe(row.status === 'completed');
    }
    expect(rows.some((r) => r.status === 'completed')).toBe(true);
    expect(rows.some((r) => r.status !== 'completed' && r.priority === 'high')).toBe(true);
    // Follow-ups with demo partners (issue 20).
    expect(rows.filter((r) => r.partnerId !== null)).toHaveLength(2);
  });

  it('seeds forms the builder would accept, each shown only to its owner', async () => {
    const rows = await t.db.select().from(forms);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(createFormSchema.safeParse(row).success).toBe(true);

    const cookie = await t.signIn(context.users.admin.email, DEMO_PASSWORD);
    const response = await t.request('/api/forms', { headers: { cookie } });
    const { forms: listed } = (await response.json()) as { forms: { title: string }[] };
    expect(listed.map((f) => f.title)).toEqual(
      rows.filter((r) => r.userId === context.users.admin.id).map((r) => r.title),
    );
  });
});

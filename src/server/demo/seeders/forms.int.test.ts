import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formRecipients, formResponses, forms, tasks } from '#server/db/schema';
import { checkAnswers, type StoredAnswer } from '#shared/form-answers';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { createFormSchema, type FormField } from '#shared/schemas/forms';
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
    context = { db: t.db, users, now: new Date(), baseUrl: 'http://localhost:3000' };
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

  it('seeds forms the editor would accept, with the new types, and responses the count matches', async () => {
    const rows = await t.db.select().from(forms);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(createFormSchema.safeParse(row).success).toBe(true);
    const types = new Set(rows.flatMap((row) => (row.fields as { type: string }[]).map((f) => f.type)));
    for (const type of ['single_choice', 'multiple_choice', 'date']) expect(types).toContain(type);

    const responses = await t.db.select().from(formResponses);
    for (const row of rows) {
      const own = responses.filter((r) => r.formId === row.id);
      expect(own.length).toBeGreaterThan(0);
      expect(row.responseCount).toBe(own.length);
      // Each stored answer is what the form's own rules make of it.
      for (const response of own) {
        const stored = response.answers as StoredAnswer[];
        const raw = Object.fromEntries(stored.map((a) => [a.fieldId, a.value]));
        const checked = checkAnswers(row.fields as FormField[], raw);
        expect(checked.ok && checked.answers).toEqual(stored);
      }
    }
    // Some answers came through partners' personal links, which are marked used.
    const personal = responses.filter((r) => r.partnerId !== null);
    expect(personal.length).toBeGreaterThan(0);
    const recipients = await t.db.select().from(formRecipients);
    for (const response of personal) {
      const recipient = recipients.find((r) => r.id === response.recipientId)!;
      expect(recipient.partnerId).toBe(response.partnerId);
      expect(recipient.respondedAt).not.toBeNull();
    }
  });

  it('shows every demo form to the whole team through the API', async () => {
    const rows = await t.db.select().from(forms);
    const cookie = await t.signIn(context.users.admin.email, DEMO_PASSWORD);
    const response = await t.request('/api/forms', { headers: { cookie } });
    const { forms: listed } = (await response.json()) as { forms: { title: string; responseCount: number }[] };
    expect(listed.map((f) => f.title).sort()).toEqual(rows.map((r) => r.title).sort());
  });
});

import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '#server/db/schema';
import { testDatabaseTargets, type TestApp } from '#test-support/test-database';
import {
  contactLogTestApi,
  openContactLogFixture,
  type ContactLogFixture,
} from '#test-support/features/contact-log-test-api';

// Follow-ups of a partner (issue 20 item 1, decision 0115): tasks linked to a partner, where they
// show, and who may create them.
describe.each(testDatabaseTargets())('the partner contact log on $name', (target) => {
  let fixture: ContactLogFixture;
  let t: TestApp;
  let admin: string;
  let coordinator: string;
  let colleague: string;
  let blocked: string;
  let coordinatorId: string;

  beforeAll(async () => {
    fixture = await openContactLogFixture(target);
    ({ t, coordinatorId } = fixture);
    ({ admin, coordinator, colleague, blocked } = fixture.cookies);
  });
  afterAll(async () => {
    await fixture?.t.close();
  });

  const { get, timeline, newPartner } = contactLogTestApi(() => fixture);

  describe('follow-ups', () => {
    it('creates a task linked to the partner that the board, the partner and the dashboard show', async () => {
      const partner = await newPartner('Esther Kim');
      const response = await t.postJson(
        '/api/tasks',
        {
          title: 'Follow up with Esther Kim',
          dueDate: '2030-01-02',
          priority: 'high',
          assignedTo: coordinatorId,
          partnerId: partner.id,
        },
        { cookie: colleague },
      );
      expect(response.status).toBe(201);
      const { task } = (await response.json()) as { task: { id: string; partnerId: string } };
      expect(task.partnerId).toBe(partner.id);

      const board = (await (await get('/api/tasks')).json()) as {
        active: { id: string; partnerId: string | null; partnerName: string | null }[];
      };
      expect(board.active.find((x) => x.id === task.id)).toMatchObject({
        partnerId: partner.id,
        partnerName: 'Esther Kim',
      });

      const open = (await (await get(`/api/partners/${partner.id}/tasks`)).json()) as { tasks: { id: string }[] };
      expect(open.tasks.map((x) => x.id)).toEqual([task.id]);
      await t.sendJson('PATCH', `/api/tasks/${task.id}`, { status: 'completed' }, { cookie: coordinator });
      expect(((await (await get(`/api/partners/${partner.id}/tasks`)).json()) as { tasks: unknown[] }).tasks).toEqual(
        [],
      );
      const events = (await timeline(partner.id)).entries.filter((e) => e.source === 'task').map((e) => e.event);
      expect(events).toEqual(['completed', 'created']);
    });

    it('shows a follow-up in Upcoming Tasks with its partner', async () => {
      const partner = await newPartner('Upcoming Partner');
      await t.db.delete(tasks);
      await t.postJson(
        '/api/tasks',
        { title: 'Call Upcoming Partner', dueDate: '2030-01-01', partnerId: partner.id },
        { cookie: admin },
      );
      const summary = (await (await get('/api/dashboard/summary?tz=UTC', admin)).json()) as {
        upcomingTasks: { title: string; partnerName: string | null }[];
      };
      expect(summary.upcomingTasks).toEqual([
        expect.objectContaining({ title: 'Call Upcoming Partner', partnerName: 'Upcoming Partner' }),
      ]);
    });

    it('refuses a follow-up for an unknown partner, or from someone without partners, and writes nothing', async () => {
      const before = (await t.db.select({ n: count() }).from(tasks))[0]!.n;
      const unknown = await t.postJson(
        '/api/tasks',
        { title: 'Ghost', partnerId: '00000000-0000-4000-8000-000000000000' },
        { cookie: coordinator },
      );
      expect(unknown.status).toBe(400);
      expect(((await unknown.json()) as { error: string }).error).toBe('Partner not found');
      const partner = await newPartner('Guarded Partner');
      const refused = await t.postJson('/api/tasks', { title: 'Sneaky', partnerId: partner.id }, { cookie: blocked });
      expect(refused.status).toBe(403);
      expect((await t.db.select({ n: count() }).from(tasks))[0]!.n).toBe(before);
      // Their board names no partner (they may not see partners).
      await t.postJson('/api/tasks', { title: 'Linked', partnerId: partner.id }, { cookie: coordinator });
      const board = (await (await get('/api/tasks', blocked)).json()) as {
        active: { title: string; partnerName: string | null }[];
      };
      expect(board.active.find((x) => x.title === 'Linked')?.partnerName).toBeNull();
    });
  });
});

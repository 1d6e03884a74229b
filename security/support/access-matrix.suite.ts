import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { desc, sql } from 'drizzle-orm';
import { activity, coordinatorPermissions } from '#server/db/schema';
import { createTestApp, type TestApp, type TestDatabaseTarget, type TestUser } from '#test-support/test-database';
import { SWITCHABLE_FEATURES } from '#shared/permissions';
import { MATRIX, NOT_IN_MATRIX } from './access-matrix.table';
import {
  ACTORS,
  createMatrixContext,
  FORBIDDEN,
  NOT_AUTHENTICATED,
  sendCall,
  exceptTables,
  snapshotData,
  type MatrixContext,
  type SignedInActor,
} from './matrix-context';

/**
 * Every API route the router has x every kind of caller -> the expected status (issue 9).
 * A refusal is exactly the standard refusal (no data) and changes nothing; an allowed call
 * answers its status, and an allowed write really writes.
 */

const SIGNED_IN_ACTORS = ACTORS.filter((a): a is SignedInActor => a !== 'anonymous');

/** The admin area's routers, whose refusals of a signed-in person are logged (http/audit-refusals.ts). */
const ADMIN_AREA = /^\/api\/(admin|email|audit|accounts|export)(\/|\?|$)/;

/** Activity records so far: a write that records its change adds at least one (decision 0097). */
async function activityCount(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(activity);
  return row!.n;
}

/**
 * The matrix on one database. Each database's run is its own test file
 * (`security/access-matrix*.int.test.ts`), so the two, the longest suite, run side by side.
 */
export function describeAccessMatrix(target: TestDatabaseTarget) {
  describe(`authorisation matrix over every API route on '${target.name}'`, () => {
    let t: TestApp;
    let ctx: MatrixContext;

    beforeAll(async () => {
      t = await createTestApp(target);
      const users = {} as Record<SignedInActor, TestUser>;
      const cookies = {} as Record<SignedInActor, string>;
      for (const actor of SIGNED_IN_ACTORS) {
        users[actor] = await t.createUser({
          email: `${actor.toLowerCase()}@example.org`,
          password: `${actor}-secret`,
          role: actor === 'admin' ? 'admin' : actor === 'noRole' ? 'none' : 'coordinator',
        });
      }
      await t.db
        .insert(coordinatorPermissions)
        .values([
          { userId: users.manager.id, feature: 'user_management', enabled: true },
          { userId: users.removed.id, feature: 'user_management', enabled: true },
          ...SWITCHABLE_FEATURES.map((feature) => ({ userId: users.withoutFeature.id, feature, enabled: false })),
        ]);
      for (const actor of SIGNED_IN_ACTORS) cookies[actor] = await t.signIn(users[actor].email, users[actor].password);
      // Removed the way an admin does it, after signing in: the session they already hold is the
      // one the matrix then calls with.
      const removal = await t.sendJson('DELETE', `/api/admin/coordinators/${users.removed.id}`, undefined, {
        cookie: cookies.admin,
      });
      if (removal.status !== 200) throw new Error(`removing the coordinator failed: ${removal.status}`);
      ctx = createMatrixContext(t, users, cookies);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** The route table of the app exactly as the server builds it (web client included). */
    const routerRoutes = () => [
      ...new Set(createApp(t.deps, { clientDir: t.deps.config.DATA_DIR }).routes.map((r) => `${r.method} ${r.path}`)),
    ];

    it('has an expectation for every route the router has, and none for a route that is gone', () => {
      const listed = [...Object.keys(MATRIX), ...Object.keys(NOT_IN_MATRIX)];
      expect(new Set(listed).size, 'a route is in both tables').toBe(listed.length);
      expect(routerRoutes().sort()).toEqual(listed.sort());
    });

    it('leaves out only middleware and routes outside the API, each for a stated reason', () => {
      for (const [route, reason] of Object.entries(NOT_IN_MATRIX)) {
        expect(route.startsWith('ALL ') || !route.split(' ')[1]!.startsWith('/api'), route).toBe(true);
        expect(reason.length).toBeGreaterThan(10);
      }
    });

    const cases = Object.entries(MATRIX).flatMap(([route, entry]) =>
      ACTORS.map((actor) => [route, actor, entry] as const),
    );

    it.each(cases)('%s as %s', async (_route, actor, entry) => {
      const allowed = entry.allowed.includes(actor);
      const owner: SignedInActor = allowed && actor !== 'anonymous' ? actor : 'admin';
      const call = await entry.prepare(ctx, owner);
      const before = await snapshotData(t);
      const beforeExceptLog = exceptTables(before, ['activity']);
      const recordsBefore = await activityCount(t);

      const response = await sendCall(t, call, actor === 'anonymous' ? undefined : ctx.cookies[actor]);

      if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
        await response.body?.cancel();
      }
      const text = response.bodyUsed ? '' : await response.text();
      if (allowed) {
        expect(response.status, text).toBe(entry.ok);
        if (call.method !== 'GET') {
          expect(await snapshotData(t), 'an allowed write changes data').not.toBe(before);
          // The audit log (decision 0102): exactly one entry per write, naming who made it (the
          // owner: the caller, or for the unsubscribe link the person its token names; nobody for a
          // public form's response, which has only the visitor's address).
          expect(await activityCount(t), 'a write records its change once (service/changes.ts)').toBe(
            recordsBefore + 1,
          );
          const [newest] = await t.db
            .select({ actorId: activity.actorId })
            .from(activity)
            .orderBy(desc(activity.seq))
            .limit(1);
          expect(newest!.actorId, 'the entry names the caller').toBe(
            entry.recordsActor === false ? null : ctx.users[owner].id,
          );
        }
        return;
      }
      const refusal = actor === 'anonymous' ? (entry.anonymousRefusal ?? NOT_AUTHENTICATED) : FORBIDDEN;
      expect(response.status, text).toBe(actor === 'anonymous' ? 401 : 403);
      expect(JSON.parse(text)).toEqual(refusal);
      if (actor !== 'anonymous' && ADMIN_AREA.test(call.path)) {
        // A refused admin action is itself logged, naming who tried (issue 17), and nothing else changes.
        expect(await snapshotData(t, ['activity']), 'a refusal changes nothing else').toBe(beforeExceptLog);
        expect(await activityCount(t), 'a refused admin action is logged once').toBe(recordsBefore + 1);
        const [newest] = await t.db
          .select({ actorId: activity.actorId, action: activity.action })
          .from(activity)
          .orderBy(desc(activity.seq))
          .limit(1);
        expect(newest).toEqual({ actorId: ctx.users[actor].id, action: 'admin.refused' });
        return;
      }
      expect(await snapshotData(t), 'a refusal changes nothing').toBe(before);
    });

    it('refuses a caller without the right before looking at the input', async () => {
      const anonymous = await t.postJson('/api/admin/users', { email: 'not-an-email' });
      expect(anonymous.status).toBe(401);
      const coordinator = await t.postJson(
        '/api/admin/users',
        { email: 'not-an-email' },
        { cookie: ctx.cookies.coordinator },
      );
      expect(coordinator.status).toBe(403);
      expect(await coordinator.json()).toEqual(FORBIDDEN);
      expect((await t.postJson('/api/settings/password', { newPassword: 'a' })).status).toBe(401);
    });

    it('answers unknown paths under a guarded router without revealing whether they exist', async () => {
      expect((await t.request('/api/admin/secrets')).status).toBe(401);
      expect((await t.request('/api/admin/secrets', { headers: { cookie: ctx.cookies.coordinator } })).status).toBe(
        403,
      );
      expect((await t.request('/api/admin/secrets', { headers: { cookie: ctx.cookies.admin } })).status).toBe(404);
      expect((await t.request('/api/partners/a/b/c', { headers: { cookie: ctx.cookies.withoutFeature } })).status).toBe(
        403,
      );
    });
  });
}

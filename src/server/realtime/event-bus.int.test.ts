import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { coordinatorPermissions } from '../db/schema';
import { createDeps } from '../deps';
import { readSse, type SseMessage } from '#test-support/sse';
import {
  closeSecondHandle,
  createTestApp,
  openSecondHandle,
  silentLogger,
  testDatabaseTargets,
  type OpenedTestDatabase,
  type TestApp,
  type TestUser,
} from '#test-support/test-database';
import type { RealtimeEvent } from '#shared/realtime';
import { EventBus, type Envelope } from './event-bus';
import { MAX_BUFFERED_BYTES } from './sse-stream';
import { MAX_BACKLOG } from './stream-subscription';

/** Resolves with the next envelope a bus delivers. */
function nextEnvelope(bus: EventBus, timeoutMs = 5000): Promise<Envelope> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no realtime event within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = bus.subscribe((envelope) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(envelope);
    });
  });
}

const changed = (userId: string): RealtimeEvent => ({ type: 'permissions.changed', userId });

describe.each(testDatabaseTargets())('realtime on $name', (target) => {
  describe('EventBus', () => {
    let opened: OpenedTestDatabase;
    beforeAll(async () => {
      opened = await target.open();
    });
    afterAll(async () => {
      await opened?.dispose();
    });

    it('carries an event from one instance to a subscriber on another sharing the database', async () => {
      const second = await openSecondHandle(opened);
      const publisher = new EventBus(opened.database, silentLogger);
      const listener = new EventBus(second, silentLogger);
      try {
        await publisher.start();
        await listener.start();
        const heardElsewhere = nextEnvelope(listener);
        const heardHere = nextEnvelope(publisher);

        await publisher.publish({ userId: 'user-1' }, changed('user-1'));

        const expected: Envelope = { audience: { userId: 'user-1' }, event: changed('user-1') };
        expect(await heardElsewhere).toEqual(expected);
        // The publishing instance hears its own event through the same path.
        expect(await heardHere).toEqual(expected);
      } finally {
        await publisher.stop();
        await listener.stop();
        await closeSecondHandle(opened, second);
      }
    });

    it('keeps the order of events', async () => {
      const bus = new EventBus(opened.database, silentLogger);
      await bus.start();
      const received: string[] = [];
      bus.subscribe(({ event }) => received.push('userId' in event ? event.userId : event.type));
      try {
        for (let i = 0; i < 20; i++) await bus.publish({ everyone: true }, changed(`user-${i}`));
        await vi.waitFor(() => expect(received).toHaveLength(20));
        expect(received).toEqual(Array.from({ length: 20 }, (_, i) => `user-${i}`));
      } finally {
        await bus.stop();
      }
    });

    it('ignores a malformed notification and keeps delivering', async () => {
      const bus = new EventBus(opened.database, silentLogger);
      await bus.start();
      const received: Envelope[] = [];
      bus.subscribe((envelope) => received.push(envelope));
      try {
        await opened.database.notify('portal_events', 'this is not JSON');
        await bus.publish({ everyone: true }, changed('after-garbage'));
        await vi.waitFor(() => expect(received).toHaveLength(1));
        expect(received[0]!.event).toEqual(changed('after-garbage'));
      } finally {
        await bus.stop();
      }
    });

    it('stops delivering once stopped, or to an unsubscribed subscriber', async () => {
      const bus = new EventBus(opened.database, silentLogger);
      const witness = new EventBus(opened.database, silentLogger);
      await bus.start();
      await witness.start();
      const stopped = vi.fn();
      const unsubscribed = vi.fn();
      bus.subscribe(stopped);
      const unsubscribe = witness.subscribe(unsubscribed);
      try {
        unsubscribe();
        await bus.stop();
        expect(bus.subscriberCount).toBe(0);
        const seen = nextEnvelope(witness);
        await witness.publish({ everyone: true }, changed('late'));
        await seen; // delivered to the witness, so the others would have had it by now
        expect(stopped).not.toHaveBeenCalled();
        expect(unsubscribed).not.toHaveBeenCalled();
      } finally {
        await witness.stop();
      }
    });
  });

  describe('GET /api/realtime', () => {
    let t: TestApp;
    let admin: TestUser;
    let alice: TestUser;
    let bob: TestUser;
    let noPartners: TestUser;
    const cookies: Record<string, string> = {};
    const readers: ReturnType<typeof readSse>[] = [];

    beforeAll(async () => {
      t = await createTestApp(target);
      admin = await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
      alice = await t.createUser({ email: 'alice@example.org', password: 'alice-secret' });
      bob = await t.createUser({ email: 'bob@example.org', password: 'bob-secret' });
      noPartners = await t.createUser({ email: 'no-partners@example.org', password: 'blocked-secret' });
      await t.db.insert(coordinatorPermissions).values({ userId: noPartners.id, feature: 'partners', enabled: false });
      for (const u of [admin, alice, bob, noPartners]) cookies[u.id] = await t.signIn(u.email, u.password);
    });
    afterAll(async () => {
      for (const reader of readers) await reader.close();
      await t?.close();
    });

    /** Opens a stream as the user and waits for `ready`, after which the stream is subscribed. */
    async function openStream(user: TestUser, app: { request: TestApp['app']['request'] } = t.app) {
      const response = await app.request('/api/realtime', { headers: { cookie: cookies[user.id]! } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const reader = readSse(response);
      readers.push(reader);
      expect(await reader.next()).toMatchObject({ event: 'ready' });
      return reader;
    }

    const eventOf = (message: SseMessage) => ({ event: message.event, data: JSON.parse(message.data) as unknown });

    /**
     * Opens a stream read chunk by chunk: the very bytes objects the server wrote, keep-alives
     * included. `env` stands in for @hono/node-server's bindings (the client's socket).
     */
    async function openRawStream(user: TestUser, env?: object) {
      const response = await t.app.request('/api/realtime', { headers: { cookie: cookies[user.id]! } }, env);
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const next = async (timeoutMs = 5000): Promise<Uint8Array> => {
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>(
            (_, reject) => (timer = setTimeout(() => reject(new Error('no chunk in time')), timeoutMs)),
          ),
        ]).finally(() => clearTimeout(timer));
        if (chunk.done) throw new Error('the event stream ended');
        return chunk.value;
      };
      expect(new TextDecoder().decode(await next())).toBe('event: ready\ndata: {}\n\n');
      return { next, close: () => reader.cancel().catch(() => {}), ended: async () => (await reader.read()).done };
    }

    it('answers 401 without a session', async () => {
      const response = await t.request('/api/realtime');
      expect(response.status).toBe(401);
    });

    it("delivers a user's event, after ready, to that user's stream only", async () => {
      const aliceStream = await openStream(alice);
      const bobStream = await openStream(bob);

      await t.deps.bus.publish({ userId: alice.id }, changed(alice.id));
      // Bob's own event goes out second: if Alice's had leaked to him, he would see it first.
      await t.deps.bus.publish({ userId: bob.id }, changed(bob.id));

      expect(eventOf(await aliceStream.next())).toEqual({ event: 'permissions.changed', data: changed(alice.id) });
      expect(eventOf(await bobStream.next())).toEqual({ event: 'permissions.changed', data: changed(bob.id) });
    });

    it('delivers to every open tab of the user', async () => {
      const tabs = [await openStream(alice), await openStream(alice)];
      await t.deps.bus.publish({ userId: alice.id }, changed(alice.id));
      for (const tab of tabs) expect(eventOf(await tab.next()).data).toEqual(changed(alice.id));
    });

    it('withholds a feature event from a user without the feature', async () => {
      const blocked = await openStream(noPartners);
      const allowed = await openStream(alice);
      const featureEvent = changed('partner-directory');

      await t.deps.bus.publish({ feature: 'partners' }, featureEvent);
      await t.deps.bus.publish({ userId: noPartners.id }, changed(noPartners.id));

      expect(eventOf(await allowed.next()).data).toEqual(featureEvent);
      // The first thing the blocked user sees is their own event, not the partners one.
      expect(eventOf(await blocked.next()).data).toEqual(changed(noPartners.id));
    });

    it('applies a permission change to the open stream before filtering the next event', async () => {
      const user = await t.createUser({ email: 'changing@example.org', password: 'changing-secret' });
      cookies[user.id] = await t.signIn(user.email, user.password);
      const stream = await openStream(user);

      await t.deps.bus.publish({ feature: 'partners' }, changed('while-allowed'));
      expect(eventOf(await stream.next()).data).toEqual(changed('while-allowed'));

      await t.db.insert(coordinatorPermissions).values({ userId: user.id, feature: 'partners', enabled: false });
      await t.deps.bus.publish({ userId: user.id }, changed(user.id));
      await t.deps.bus.publish({ feature: 'partners' }, changed('after-revoke'));
      await t.deps.bus.publish({ everyone: true }, changed('sentinel'));

      expect(eventOf(await stream.next()).data).toEqual(changed(user.id));
      expect(eventOf(await stream.next()).data).toEqual(changed('sentinel'));
    });

    it('reaches a stream held by another instance sharing the database', async () => {
      const secondDatabase = await openSecondHandle(t.opened);
      const secondDeps = await createDeps(t.deps.config, secondDatabase, silentLogger);
      try {
        const stream = await openStream(bob, createApp(secondDeps));
        await t.deps.bus.publish({ userId: bob.id }, changed(bob.id));
        expect(eventOf(await stream.next()).data).toEqual(changed(bob.id));
        await stream.close();
      } finally {
        for (const end of secondDeps.streams) end();
        secondDeps.stopTimers();
        await secondDeps.bus.stop();
        await closeSecondHandle(t.opened, secondDatabase);
      }
    });

    it('hands every permitted stream the same serialised bytes, and a stream without the permission nothing', async () => {
      const streams = [await openRawStream(alice), await openRawStream(bob), await openRawStream(noPartners)];
      try {
        await t.deps.bus.publish({ feature: 'partners' }, changed('partner-directory'));
        await t.deps.bus.publish({ userId: noPartners.id }, changed(noPartners.id));
        const [forAlice, forBob, forBlocked] = await Promise.all(streams.map((stream) => stream.next()));
        const text = new TextDecoder();
        expect(text.decode(forAlice)).toBe(
          `event: permissions.changed\ndata: ${JSON.stringify(changed('partner-directory'))}\n\n`,
        );
        // One serialisation for the event, whatever the number of streams it reaches.
        expect(forBob).toBe(forAlice);
        expect(text.decode(forBlocked)).toBe(
          `event: permissions.changed\ndata: ${JSON.stringify(changed(noPartners.id))}\n\n`,
        );
      } finally {
        for (const stream of streams) await stream.close();
      }
    });

    it('sends a keep-alive comment on an idle stream', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      let stream: Awaited<ReturnType<typeof openRawStream>> | undefined;
      try {
        stream = await openRawStream(admin);
        vi.advanceTimersByTime(25_000);
        expect(new TextDecoder().decode(await stream.next())).toBe(': keep-alive\n\n');
      } finally {
        vi.useRealTimers();
        await stream?.close();
      }
    });

    it('ends a stream whose reader stopped reading once it is too far behind, without holding up the others', async () => {
      for (const reader of readers.splice(0)) await reader.close();
      await vi.waitFor(() => expect(t.deps.bus.subscriberCount).toBe(0));
      // Over HTTP the client's socket is destroyed too, freeing its buffers in the kernel.
      const socket = { remoteAddress: '127.0.0.1', remotePort: 50_000, remoteFamily: 'IPv4', destroy: vi.fn() };
      const stalled = await openRawStream(alice, { incoming: { socket } });
      const reading = await openStream(bob);
      const folder = (i: number) => `/${i}/`.padEnd(7000, 'x');
      // Enough to fill the stalled stream's buffer, then the backlog behind it, and a few more.
      const total = Math.ceil(MAX_BUFFERED_BYTES / 7000) + MAX_BACKLOG + 10;
      const received = (async () => {
        const paths: string[] = [];
        for (let i = 0; i < total; i++) {
          const { data } = await reading.next(30_000);
          paths.push((JSON.parse(data) as { folderPath: string }).folderPath);
        }
        return paths;
      })();
      for (let i = 0; i < total; i++)
        await t.deps.bus.publish({ everyone: true }, { type: 'files.changed', folderPath: folder(i) });

      expect(await received).toEqual(Array.from({ length: total }, (_, i) => folder(i)));
      await vi.waitFor(() => expect(t.deps.bus.subscriberCount).toBe(1));
      expect(t.deps.streams.size).toBe(1);
      expect(socket.destroy).toHaveBeenCalledOnce();
      // What the stalled reader had not taken was dropped with its stream.
      expect(await stalled.ended()).toBe(true);
    }, 60_000);

    it('cleans up when the tab goes away', async () => {
      for (const reader of readers.splice(0)) await reader.close();
      await vi.waitFor(() => {
        expect(t.deps.bus.subscriberCount).toBe(0);
        expect(t.deps.streams.size).toBe(0);
      });
      const stream = await openStream(admin);
      expect(t.deps.bus.subscriberCount).toBe(1);
      expect(t.deps.streams.size).toBe(1);
      await stream.close();
      await vi.waitFor(() => {
        expect(t.deps.bus.subscriberCount).toBe(0);
        expect(t.deps.streams.size).toBe(0);
      });
    });

    it('ends open streams when the server shuts down', async () => {
      const stream = await openStream(admin);
      await t.close();
      expect(await stream.ended()).toBe(true);
    });
  });
});

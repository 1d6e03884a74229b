import type { Socket } from 'node:net';
import { Hono } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { AppEnv } from '../http/app-env';
import { requireUser } from '../http/require';
import { loadAccess, type Access } from '../auth/permissions';
import type { Envelope } from './event-bus';
import { HEARTBEAT_FRAME, READY_FRAME } from './sse-frames';
import { SseStream } from './sse-stream';
import { StreamSubscription, type EndReason } from './stream-subscription';

export const HEARTBEAT_MS = 25_000;

/**
 * Streams one session may hold open on one instance: one per tab, and no person keeps this many
 * tabs of the portal. Beyond it a stream is refused, so one session (a stolen cookie, a runaway
 * script) cannot tie up the server's sockets and memory (issue 26: 1,500 were accepted).
 */
export const MAX_STREAMS_PER_SESSION = 20;
export const TOO_MANY_STREAMS = 'Too many windows of the portal are open in this browser. Close some and reload.';

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
  // Tells @hono/node-server not to wait for the first chunks to compute a length.
  'Transfer-Encoding': 'chunked',
};

/**
 * Replays what a reconnecting tab missed after the cursor it sends back (Last-Event-ID),
 * limited to what its reader may see. `complete: false` means there was more than the replay
 * holds; the stream then tells the tab to reload what it shows.
 */
export type Replayer = (
  afterId: number,
  access: Access,
) => Promise<{ envelopes: (Envelope & { id: number })[]; complete: boolean }>;

/** The cursor from the Last-Event-ID header (EventSource's own reconnect) or ?lastEventId= (ours). */
function lastEventId(header: string | undefined, query: string | undefined): number | undefined {
  const raw = header ?? query;
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

/** The client's socket when the request came over HTTP (not in-process `app.request()`). */
function socketOf(env: unknown): Socket | undefined {
  return (env as Partial<HttpBindings> | undefined)?.incoming?.socket;
}

/**
 * GET /api/realtime: one server-sent-events stream per tab. Each event is checked against the
 * person's current permissions before it is written, so a stream never carries what its
 * reader may not see (stream-subscription.ts); permitted streams share the event's bytes.
 */
export function realtimeRoutes(replay?: Replayer) {
  /** Open streams per session on this instance. */
  const perSession = new Map<string, number>();

  return new Hono<AppEnv>().get('/', requireUser, (c) => {
    const { bus, database, streams, logger } = c.var.deps;
    const userId = c.var.user!.id;
    const sessionKey = c.var.sessionId ?? userId;
    const open = perSession.get(sessionKey) ?? 0;
    if (open >= MAX_STREAMS_PER_SESSION) return c.json({ error: TOO_MANY_STREAMS }, 429);
    perSession.set(sessionKey, open + 1);
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      const left = (perSession.get(sessionKey) ?? 1) - 1;
      if (left > 0) perSession.set(sessionKey, left);
      else perSession.delete(sessionKey);
    };
    const access = c.var.access!;
    const cursor = lastEventId(c.req.header('last-event-id'), c.req.query('lastEventId'));
    const socket = socketOf(c.env);

    let unsubscribe = () => {};
    const stream = new SseStream(() => cleanUp());
    const heartbeat = setInterval(() => {
      // A stream still full of events needs no keep-alive; its reader is just behind.
      if (stream.hasRoom) stream.write(HEARTBEAT_FRAME);
    }, HEARTBEAT_MS);
    const cleanUp = () => {
      uncount();
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(close); // a closed tab's entry must not pile up for the life of the server
    };
    const close = () => {
      cleanUp();
      stream.close();
    };
    const end = (reason: EndReason) => {
      if (reason !== 'behind') return close();
      // Its tab reconnects with its cursor and replays chat from the database; holding more
      // for it would let one stalled reader grow the server's memory.
      logger.info({ userId, bufferedBytes: stream.bufferedBytes }, 'ended a realtime stream whose reader fell behind');
      cleanUp();
      stream.abort();
      socket?.destroy();
    };

    const subscription = new StreamSubscription({
      userId,
      sessionId: c.var.sessionId,
      access,
      stream,
      reloadAccess: () => loadAccess(database.db, userId),
      cursor,
      end,
    });
    stream.write(READY_FRAME);
    if (cursor !== undefined && replay) subscription.replay(() => replay(cursor, access));
    unsubscribe = bus.subscribe(subscription.receive);
    streams.add(close);

    return c.body(stream.body, 200, SSE_HEADERS);
  });
}

import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../http/app-env';
import { requireUser } from '../http/require';
import { loadAccess, type Access } from '../auth/permissions';
import type { RealtimeEvent } from '../../shared/realtime';
import type { Envelope } from './event-bus';

const HEARTBEAT_MS = 25_000;

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

function canReceive({ audience }: Envelope, userId: string, access: Access): boolean {
  if ('userId' in audience) return audience.userId === userId;
  if ('feature' in audience) return access.permissions[audience.feature];
  if ('features' in audience) return audience.features.every((f) => access.permissions[f]);
  return true;
}

/**
 * GET /api/realtime: one server-sent-events stream per tab. Each event is checked against the
 * person's current permissions before it is written, so a stream never carries what its
 * reader may not see.
 */
export function realtimeRoutes(replay?: Replayer) {
  return new Hono<AppEnv>().get('/', requireUser, (c) => {
    const { bus, database, streams } = c.var.deps;
    const userId = c.var.user!.id;
    const sessionId = c.var.sessionId;
    let access: Access = c.var.access!;
    const cursor = lastEventId(c.req.header('last-event-id'), c.req.query('lastEventId'));

    return streamSSE(c, async (stream) => {
      let end!: () => void;
      const closed = new Promise<void>((resolve) => {
        end = resolve;
        stream.onAbort(resolve);
        streams.add(resolve);
      });
      // Highest cursor written: an event at or below it was already sent (by the replay).
      let sentUpTo = cursor ?? 0;
      const write = async (event: RealtimeEvent, id?: number) => {
        await stream.writeSSE({ event: event.type, data: JSON.stringify(event), id: id === undefined ? undefined : String(id) });
        if (id !== undefined) sentUpTo = Math.max(sentUpTo, id);
      };
      const deliver = async (envelope: Envelope) => {
        const { event, id } = envelope;
        if (id !== undefined && id <= sentUpTo) return;
        if (event.type === 'sessions.ended') {
          // A password change ended the other sessions: their open streams must stop too, or a
          // stolen session would keep receiving events. The tab learns why, then the stream ends.
          if (event.userId !== userId || event.exceptSessionId === sessionId) return;
          await stream.writeSSE({ event: event.type, data: JSON.stringify({ type: event.type, userId }) });
          end();
          return;
        }
        if (event.type === 'permissions.changed' && event.userId === userId) {
          access = await loadAccess(database.db, userId);
        }
        if (canReceive(envelope, userId, access)) await write(event, id);
      };

      await stream.writeSSE({ event: 'ready', data: '{}' });
      // Events are handled one after another, so their order is kept even while a replay or
      // a permission reload is awaited; live events arriving meanwhile wait in this queue.
      let queue =
        cursor !== undefined && replay
          ? replay(cursor, access).then(async ({ envelopes, complete }) => {
              for (const envelope of envelopes) await deliver(envelope);
              if (!complete) await write({ type: 'chat.resync' });
            })
          : Promise.resolve();
      const unsubscribe = bus.subscribe((envelope) => {
        queue = queue.then(() => deliver(envelope)).catch(() => stream.abort());
      });
      queue = queue.catch(() => stream.abort());

      const heartbeat = setInterval(() => void stream.write(': keep-alive\n\n').catch(() => stream.abort()), HEARTBEAT_MS);
      try {
        await closed;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end); // a closed tab's entry must not pile up for the life of the server
      }
    });
  });
}

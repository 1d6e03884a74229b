import pg from 'pg';
import type { Logger } from '../logger';
import type { NotificationHandler } from './client';

const RECONNECT_DELAY_MS = 1000;
/**
 * How long opening a PostgreSQL connection may take. While the database is unreachable, a
 * request fails within this instead of the operating system's connect timeout (minutes).
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/**
 * LISTEN needs a connection of its own that stays open. When PostgreSQL restarts, this
 * reconnects and listens again, so realtime recovers without restarting the server.
 */
export function createPgListener(url: string, logger: Logger) {
  const handlers = new Map<string, Set<NotificationHandler>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let reconnecting = false;

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    next.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    next.on('error', (err) => {
      logger.warn({ err }, 'realtime listener connection lost; reconnecting');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    await next.connect();
    try {
      for (const channel of handlers.keys()) await next.query(`listen ${quoteIdent(channel)}`);
    } catch (err) {
      // A connection that failed half-way through set-up would stay open beside the one the
      // retry makes. Not awaited: end() on a connection that already died never resolves.
      void next.end().catch(() => {});
      throw err;
    }
    client = next;
    if (reconnecting) logger.info('realtime listener reconnected');
    reconnecting = false;
    return next;
  }

  function scheduleReconnect(dead: pg.Client) {
    if (closed || client !== dead) return;
    reconnecting = true;
    client = undefined;
    connecting = undefined;
    setTimeout(() => {
      if (!closed) ensureClient().catch(retryAfterFailure);
    }, RECONNECT_DELAY_MS).unref();
  }

  function retryAfterFailure(err: unknown) {
    logger.debug({ err }, 'realtime listener could not reconnect yet');
    scheduleRetry();
  }

  function scheduleRetry() {
    setTimeout(() => {
      if (!closed && !client) {
        connecting = undefined;
        ensureClient().catch(retryAfterFailure);
      }
    }, RECONNECT_DELAY_MS).unref();
  }

  function ensureClient(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect();
    return connecting;
  }

  return {
    async listen(channel: string, handler: NotificationHandler) {
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      set.add(handler);
      const c = await ensureClient();
      if (first) await c.query(`listen ${quoteIdent(channel)}`);
      return async () => {
        set.delete(handler);
      };
    },
    async close() {
      closed = true;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

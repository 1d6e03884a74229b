import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SseMessage } from '#test-support/sse';
import { signIn, type Session } from './support/http';
import { freshPostgres, launch, ADMIN, tempDir, type Running } from './support/portal';
import { collectSse } from './support/sse-collector';
import { startTcpProxy } from '#test-support/tcp-proxy';

/**
 * PostgreSQL goes away while the server runs and comes back: requests meanwhile fail cleanly
 * (a 5xx with a readable JSON error, within a bounded time, no crash), and afterwards requests
 * succeed and realtime events flow again, without restarting the server.
 */

/** The longest a request may take to fail while the database is away. */
const FAIL_WITHIN_MS = 20_000;
/** How long the server may take to notice the database is back. */
const RECOVER_WITHIN_MS = 60_000;

const CHANNEL = { chatType: 'partner', partner: 'Prayer Partners' } as const;

async function sendMessage(running: Running, session: Session, content: string) {
  return session.postJson(running.url, '/api/chat/messages', { ...CHANNEL, content });
}

async function untilOk(probe: () => Promise<Response>, what: string) {
  const deadline = Date.now() + RECOVER_WITHIN_MS;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await probe();
      if (response.ok) return response;
      last = `${response.status} ${await response.text()}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what} did not recover within ${RECOVER_WITHIN_MS} ms; last: ${last}`);
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL restarted under a running server', () => {
  let data: Awaited<ReturnType<typeof tempDir>>;
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let running: Running | undefined;

  beforeAll(async () => {
    data = await tempDir('portal-pg-restart-');
    database = await freshPostgres(process.env.TEST_DATABASE_URL!);
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  });
  afterAll(async () => {
    running?.portal.kill();
    await running?.portal.exited;
    await proxy?.stop();
    await database?.remove();
    await data?.remove();
  });

  it('fails requests cleanly while it is down, then recovers requests and realtime without a restart', async () => {
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    running = await launch({ DATA_DIR: data.dir, DATABASE_URL: viaProxy.toString() });
    const session = await signIn(running.url, ADMIN.email, ADMIN.password);

    const stream = collectSse(await session.get(running.url, '/api/realtime'));
    expect(await stream.waitFor((e) => e.event === 'ready', 30_000)).toBeDefined();
    const chatContent = (event: SseMessage) =>
      (JSON.parse(event.data) as { message: { content: string } }).message.content;
    const chatWith = (prefix: string) => (event: SseMessage) =>
      event.event === 'chat.message' && chatContent(event).startsWith(prefix);
    expect((await sendMessage(running, session, 'before the restart')).status).toBe(201);
    expect(await stream.waitFor(chatWith('before the restart'), 30_000)).toBeDefined();

    await proxy.stop();

    // Reads, writes, sign-ins and the readiness check: each answers, quickly, with a JSON error.
    // Liveness (/api/health) stays 200 on purpose (decision 0084): the process is fine.
    const attempts: [string, () => Promise<Response>][] = [
      ['dashboard', () => session.get(running!.url, '/api/dashboard/summary')],
      ['partners', () => session.get(running!.url, '/api/partners?q=a')],
      ['send message', () => sendMessage(running!, session, 'during the outage')],
      ['readiness', () => session.get(running!.url, '/api/ready')],
      ['sign-in', () => signIn(running!.url, ADMIN.email, ADMIN.password).then(() => new Response('signed in'))],
    ];
    for (const [what, attempt] of attempts) {
      const started = Date.now();
      const response = await attempt().catch((err: unknown) => err as Error);
      expect(Date.now() - started, `${what} answered in bounded time`).toBeLessThan(FAIL_WITHIN_MS);
      if (what === 'sign-in') {
        // signIn throws with the status and body of a refused sign-in.
        expect(response).toBeInstanceOf(Error);
        expect(String(response)).toMatch(/sign-in as .* failed: 5\d\d/);
        continue;
      }
      expect(response, what).toBeInstanceOf(Response);
      const failed = response as Response;
      expect(failed.status, `${what} status`).toBeGreaterThanOrEqual(500);
      const body = (await failed.json()) as Record<string, unknown>;
      expect(typeof (body.error ?? body.status), `${what} has a readable error`).toBe('string');
    }
    expect(running.portal.child.exitCode).toBeNull();
    expect((await session.get(running.url, '/api/health')).status, 'liveness during the outage').toBe(200);

    await proxy.start();

    // Requests succeed again, on the same process.
    await untilOk(() => session.get(running!.url, '/api/ready'), 'the readiness check');
    await untilOk(() => session.get(running!.url, '/api/dashboard/summary'), 'the dashboard');

    // Realtime: the same open stream carries new messages once LISTEN is back. Notifications
    // sent before the listener reconnected are not delivered live (a reconnecting tab gets them
    // by replay), so keep sending until one arrives, then expect the next ones in order.
    const deadline = Date.now() + RECOVER_WITHIN_MS;
    let heard: SseMessage | undefined;
    for (let n = 0; !heard && Date.now() < deadline; n++) {
      await untilOk(() => sendMessage(running!, session, `probe ${n}`), 'sending a message');
      heard = await stream.waitFor(chatWith('probe'), 2_000);
    }
    expect(heard, 'a live chat event after the database came back').toBeDefined();
    const from = stream.events.length;
    for (const content of ['after 1', 'after 2', 'after 3']) {
      expect((await sendMessage(running, session, content)).status).toBe(201);
    }
    expect(await stream.waitFor(chatWith('after 3'), 30_000, from)).toBeDefined();
    const after = stream.events.slice(from).filter(chatWith('after')).map(chatContent);
    expect(after).toEqual(['after 1', 'after 2', 'after 3']);
    expect(running.portal.child.exitCode).toBeNull();
    await stream.close();
  });
});

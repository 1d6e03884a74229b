import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '#test-support/sse';
import type { ChatMessage } from '#shared/chat';
import { signIn, type Session } from './support/http';
import { ADMIN, crash, freshPostgres, launch, ORIGIN, tempDir, type Running } from './support/portal';

/**
 * 10,000 chat messages sent through two instances on one PostgreSQL database, one in ten of
 * them edited and one in twenty-five deleted afterwards (issue 23), while the subscribers'
 * connections are cut at random and one instance is killed and started again. Every
 * subscriber must end with every stored message in its stored state (its latest revision:
 * nothing lost), having received each revision at most once (nothing duplicated) and the
 * revisions in ascending order (in order).
 */

/** CHAT_FAULT_MESSAGES runs a shorter version (a quick check on a busy machine); the suite sends 10,000. */
const MESSAGES = Number(process.env.CHAT_FAULT_MESSAGES ?? 10_000);
const SENDERS_IN_FLIGHT = 16;
const SUBSCRIBERS = 6;
/** A subscriber's connection is cut after a random time in this range (ms). */
const CUT_AFTER: [number, number] = [500, 3000];
/** The restart happens once this many messages have been acknowledged. */
const RESTART_AT = Math.floor(MESSAGES * 0.3);
const CHANNELS = ['General Partners', 'Prayer Partners', 'Monthly Supporters'];
/**
 * Message inserts are serialised across instances (decision 0008): about 50-100 a second on
 * two busy cores, so the 10,000 take minutes there.
 */
const TEST_TIMEOUT_MS = 480_000;

interface Instance {
  env: Record<string, string>;
  running?: Running;
}

/** Which sent messages are edited, and which deleted, once acknowledged. */
const EDIT_EVERY = 10;
const DELETE_EVERY = 25;

/** One change of a message as a subscriber received it. */
interface Received {
  id: number;
  revision: number;
  content: string;
  deleted: boolean;
}

interface Subscriber {
  received: Received[];
  cuts: number;
  resyncs: number;
}

describe.runIf(process.env.TEST_DATABASE_URL)('chat across two instances under faults', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
  const instances: Instance[] = [];

  beforeAll(async () => {
    database = await freshPostgres(process.env.TEST_DATABASE_URL!);
    for (let i = 0; i < 2; i++) {
      const dir = await tempDir(`portal-chat-${i}-`);
      dirs.push(dir);
      instances.push({ env: { DATA_DIR: dir.dir, DATABASE_URL: database.url } });
    }
    // One after the other: the first applies the migrations.
    for (const instance of instances) instance.running = await launch(instance.env);
  });
  afterAll(async () => {
    for (const instance of instances) {
      instance.running?.portal.kill();
      await instance.running?.portal.exited;
    }
    await database?.remove();
    for (const dir of dirs) await dir.remove();
  });

  /** The preferred instance if it is up, else any that is: what a load balancer does. */
  const urlFor = (preferred: number): string | undefined =>
    instances[preferred]?.running?.url ?? instances.find((i) => i.running)?.running?.url;

  it(
    'delivers every message to every subscriber once and in order',
    async () => {
      const session = await signIn(instances[0]!.running!.url, ADMIN.email, ADMIN.password);
      let finished = false;
      let highestAcknowledged = 0;

      const subscribers: Subscriber[] = Array.from({ length: SUBSCRIBERS }, () => ({
        received: [],
        cuts: 0,
        resyncs: 0,
      }));
      const subscriberLoops = subscribers.map((sub, index) => subscribe(session, sub, index % 2));

      async function subscribe(session: Session, sub: Subscriber, home: number) {
        let cursor = 0;
        while (!finished) {
          const url = urlFor(home);
          if (!url) {
            await sleep(100);
            continue;
          }
          let response: Response;
          try {
            response = await session.get(url, `/api/realtime?lastEventId=${cursor}`);
          } catch {
            await sleep(100);
            continue;
          }
          if (!response.ok) {
            await response.body?.cancel();
            await sleep(100);
            continue;
          }
          const stream = readSse(response);
          const cut = setTimeout(
            () => {
              sub.cuts++;
              void stream.close();
            },
            randomInt(...CUT_AFTER),
          );
          try {
            for (;;) {
              const event = await stream.next(60_000);
              if (event.event === 'chat.message') {
                const { message } = JSON.parse(event.data) as { message: ChatMessage };
                // The SSE id is the revision: the cursor a reconnection resumes after.
                expect(Number(event.id)).toBe(message.revision);
                sub.received.push(stateOf(message));
                cursor = message.revision;
              } else if (event.event === 'chat.resync') {
                // The client reloads what it shows; a gap this leaves fails the comparison below.
                sub.resyncs++;
                const listing = await session.get(
                  url,
                  `/api/chat/messages?chatType=partner&partner=${encodeURIComponent(CHANNELS[0]!)}`,
                );
                const { messages } = (await listing.json()) as { messages: ChatMessage[] };
                for (const message of messages) if (message.revision > cursor) sub.received.push(stateOf(message));
                cursor = Math.max(cursor, ...messages.map((m) => m.revision));
                break;
              }
            }
          } catch {
            // Cut by the test, ended by a killed instance, or a quiet stream: reconnect.
          } finally {
            clearTimeout(cut);
            await stream.close();
          }
        }
      }

      // Senders: batches in flight over both instances; a failed send is retried (it may have
      // been stored before the failure, which is then simply one more message).
      const acknowledged = new Set<string>();
      const attempted = new Set<string>();
      /** The text an edit gave a message, by its original text; a delete empties it. */
      const editedTo = new Map<string, string>();
      const deleted = new Set<string>();
      let next = 0;
      /** A change retried until some instance answers it; `done` says which answers end it. */
      const change = async (
        method: 'PATCH' | 'DELETE',
        id: number,
        body: unknown,
        done: (status: number) => boolean,
      ) => {
        for (let attempt = 0; ; attempt++) {
          const url = urlFor(attempt % 2);
          if (url) {
            const response = await session
              .get(url, `/api/chat/messages/${id}`, {
                method,
                headers: { origin: ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
                body: body === undefined ? undefined : JSON.stringify(body),
              })
              .catch(() => undefined);
            await response?.body?.cancel();
            if (response && done(response.status)) return;
          }
          if (attempt > 200) throw new Error(`could not ${method} message ${id}`);
          await sleep(50);
        }
      };
      const sendAll = async (worker: number) => {
        while (next < MESSAGES) {
          const n = next++;
          const content = `fault message ${n}`;
          const channel = CHANNELS[n % CHANNELS.length]!;
          for (let attempt = 0; ; attempt++) {
            const url = urlFor((n + worker) % 2);
            if (url) {
              attempted.add(content);
              const response = await session
                .postJson(url, '/api/chat/messages', { chatType: 'partner', partner: channel, content })
                .catch(() => undefined);
              if (response?.status === 201) {
                const { message } = (await response.json()) as { message: { id: number } };
                acknowledged.add(content);
                if (n % EDIT_EVERY === 3) {
                  // A retried edit that had been stored is one more revision of the same text.
                  const edited = `${content}, edited`;
                  await change('PATCH', message.id, { content: edited }, (status) => status === 200);
                  editedTo.set(content, edited);
                }
                if (n % DELETE_EVERY === 7) {
                  // A retried delete that had been stored answers 409: deleted either way.
                  await change('DELETE', message.id, undefined, (status) => status === 200 || status === 409);
                  deleted.add(content);
                }
                highestAcknowledged = Math.max(highestAcknowledged, message.id);
                break;
              }
              await response?.body?.cancel();
            }
            if (attempt > 200) throw new Error(`could not send ${content}`);
            await sleep(50);
          }
        }
      };

      // One instance dies (kill -9) once enough has been sent, and comes back on the same database.
      const restart = (async () => {
        while (acknowledged.size < RESTART_AT) await sleep(50);
        const victim = instances[1]!;
        const running = victim.running!;
        victim.running = undefined;
        await crash(running);
        victim.running = await launch(victim.env);
      })();

      await Promise.all([...Array.from({ length: SENDERS_IN_FLIGHT }, (_, w) => sendAll(w)), restart]);
      expect(acknowledged.size).toBe(MESSAGES);

      // What is stored is the truth every subscriber must end with.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const stored = await client
        .query<{ id: string; revision: string; content: string; deleted: boolean }>(
          'select id, revision, content, deleted_at is not null as deleted from messages order by revision',
        )
        .finally(() => client.end());
      const truth: Received[] = stored.rows.map((r) => ({
        id: Number(r.id),
        revision: Number(r.revision),
        content: r.content,
        deleted: r.deleted,
      }));
      // Every acknowledged message is stored as its last acknowledged change left it.
      const byText = new Map(truth.map((m) => [m.content, m]));
      for (const content of acknowledged) {
        if (deleted.has(content)) continue;
        expect(byText.has(editedTo.get(content) ?? content), content).toBe(true);
      }
      const deletedCount = truth.filter((m) => m.deleted).length;
      expect(deletedCount).toBeGreaterThanOrEqual(deleted.size);
      for (const m of truth) if (m.deleted) expect(m.content).toBe('');
      for (const m of truth) if (!m.deleted) expect(attempted.has(m.content.replace(/, edited$/, ''))).toBe(true);
      expect(Math.max(...truth.map((m) => m.id))).toBeGreaterThanOrEqual(highestAcknowledged);
      const last = truth.at(-1)!.revision;

      // Let every subscriber catch up (still being cut meanwhile), then stop them.
      const deadline = Date.now() + 120_000;
      while (subscribers.some((s) => (s.received.at(-1)?.revision ?? 0) < last) && Date.now() < deadline) {
        await sleep(200);
      }
      finished = true;
      await Promise.all(subscriberLoops);

      for (const [index, sub] of subscribers.entries()) {
        expect(sub.cuts, `subscriber ${index} was cut`).toBeGreaterThan(3);
        expect(compare(sub.received, truth), `subscriber ${index} (${sub.resyncs} resyncs)`).toEqual({
          missing: 0,
          stale: 0,
          duplicates: 0,
          outOfOrder: 0,
          unknown: 0,
        });
      }
    },
    TEST_TIMEOUT_MS,
  );
});

function stateOf(message: ChatMessage): Received {
  return { id: message.id, revision: message.revision, content: message.content, deleted: message.deletedAt !== null };
}

/**
 * How a received sequence differs from the stored state, in counts that read well in a
 * failure: a message never received (missing) or whose last received state is not the stored
 * one (stale: an edit or a delete lost), a revision received twice, revisions not ascending,
 * a message that is not stored at all.
 */
function compare(received: Received[], stored: Received[]) {
  const storedById = new Map(stored.map((m) => [m.id, m]));
  const lastById = new Map<number, Received>();
  const seen = new Set<number>();
  let duplicates = 0;
  let outOfOrder = 0;
  let unknown = 0;
  for (const [i, change] of received.entries()) {
    if (seen.has(change.revision)) duplicates++;
    seen.add(change.revision);
    if (i > 0 && change.revision <= received[i - 1]!.revision) outOfOrder++;
    if (!storedById.has(change.id)) unknown++;
    lastById.set(change.id, change);
  }
  let missing = 0;
  let stale = 0;
  for (const m of stored) {
    const last = lastById.get(m.id);
    if (!last) missing++;
    else if (last.revision !== m.revision || last.content !== m.content || last.deleted !== m.deleted) stale++;
  }
  return { missing, stale, duplicates, outOfOrder, unknown };
}

import { randomBytes, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '#test-support/sse';
import { expectOk, signIn, type Session } from './support/http';
import { ADMIN, freshPostgres, launch, stop, tempDir, type Running } from './support/portal';

/**
 * 200 people using the portal at once for 60 s: each reads the dashboard, searches partners,
 * sends a chat message and uploads a small file, with a little think time between, while a
 * quarter of them keep a realtime stream open like a browser tab does. No request may fail,
 * and the server's memory must level off rather than grow with the requests served.
 */

const VIRTUAL_USERS = 200;
const DURATION_MS = 60_000;
const ACCOUNTS = 5;
const TABS = 50;
const THINK_MS: [number, number] = [50, 400];
const SAMPLE_EVERY_MS = 2_000;
const SEARCH_TERMS = ['grace', 'hope', 'church', 'mission', 'zone', 'fellowship', 'a'];

/** Resident memory of a process, in MB, from /proc (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  return kb / 1024;
}

const target = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`load: ${VIRTUAL_USERS} concurrent users for ${DURATION_MS / 1000} s on ${target}`, () => {
  let data: Awaited<ReturnType<typeof tempDir>>;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  let running: Running | undefined;

  beforeAll(async () => {
    data = await tempDir('portal-load-');
    database = process.env.TEST_DATABASE_URL ? await freshPostgres(process.env.TEST_DATABASE_URL) : undefined;
    running = await launch({ DATA_DIR: data.dir, ...(database ? { DATABASE_URL: database.url } : {}) });
  });
  afterAll(async () => {
    if (running) await stop(running).catch(() => running?.portal.kill());
    await database?.remove();
    await data?.remove();
  });

  it('answers every request and keeps its memory bounded', async () => {
    const url = running!.url;
    const admin = await signIn(url, ADMIN.email, ADMIN.password);
    for (let i = 0; i < 40; i++) {
      const name = `${['Grace', 'Hope', 'Mission', 'Fellowship'][i % 4]} Church ${i}`;
      await expectOk(
        await admin.postJson(url, '/api/partners', { name, email: `partner${i}@load.test`, zone: `Zone ${i % 5}` }),
        'partner',
      );
    }
    // A handful of accounts, each signed in once, shared by the virtual users (as one
    // person's several tabs would be): sign-in itself is not what this measures.
    const sessions: Session[] = [admin];
    for (let i = 1; i < ACCOUNTS; i++) {
      const email = `load${i}@load.test`;
      await expectOk(
        await admin.postJson(url, '/api/admin/users', { email, password: 'load-password', fullName: `Load ${i}` }),
        'user',
      );
      // A new account has Settings only until it is made a coordinator (D4).
      await expectOk(await admin.postJson(url, '/api/admin/coordinators', { email }), 'coordinator');
      sessions.push(await signIn(url, email, 'load-password'));
    }

    const failures: string[] = [];
    let requests = 0;
    const check = async (what: string, response: Promise<Response>) => {
      requests++;
      try {
        const answered = await response;
        // The body is read in full, as a browser would, so the server's work is all done.
        const body = await answered.arrayBuffer();
        if (!answered.ok)
          failures.push(`${what}: ${answered.status} ${Buffer.from(body).toString('utf8').slice(0, 200)}`);
      } catch (err) {
        failures.push(`${what}: ${err instanceof Error ? err.message : String(err)}`);
      }
    };

    const endAt = Date.now() + DURATION_MS;
    const user = async (index: number) => {
      const session = sessions[index % sessions.length]!;
      for (let n = 0; Date.now() < endAt; n++) {
        await check('dashboard', session.get(url, '/api/dashboard/summary?tz=Europe%2FLondon'));
        await sleep(randomInt(...THINK_MS));
        const term = SEARCH_TERMS[randomInt(SEARCH_TERMS.length)]!;
        await check('search', session.get(url, `/api/partners?q=${term}`));
        await sleep(randomInt(...THINK_MS));
        await check(
          'message',
          session.postJson(url, '/api/chat/messages', {
            chatType: 'coordinator',
            partner: 'All Coordinators',
            content: `load ${index}-${n}`,
          }),
        );
        await sleep(randomInt(...THINK_MS));
        await check(
          'upload',
          session.upload(url, '/', `load-${index}-${n}.txt`, new Uint8Array(randomBytes(randomInt(512, 8192)))),
        );
        await sleep(randomInt(...THINK_MS));
      }
    };
    /** An open tab: reads every event until the run ends. */
    const tab = async (index: number) => {
      const session = sessions[index % sessions.length]!;
      const response = await session.get(url, '/api/realtime');
      if (!response.ok) {
        failures.push(`realtime: ${response.status}`);
        return 0;
      }
      const stream = readSse(response);
      let events = 0;
      try {
        while (Date.now() < endAt) {
          await stream.next(30_000);
          events++;
        }
      } catch (err) {
        if (Date.now() < endAt) failures.push(`realtime stream ended early: ${String(err)}`);
      } finally {
        await stream.close();
      }
      return events;
    };

    const pid = running!.portal.child.pid!;
    const samples: { at: number; mb: number }[] = [];
    const startedAt = Date.now();
    const sampler = (async () => {
      while (Date.now() < endAt) {
        samples.push({ at: Date.now() - startedAt, mb: await rssMb(pid) });
        await sleep(SAMPLE_EVERY_MS);
      }
    })();

    const [, tabEvents] = await Promise.all([
      Promise.all(Array.from({ length: VIRTUAL_USERS }, (_, i) => user(i))),
      Promise.all(Array.from({ length: TABS }, (_, i) => tab(i))),
      sampler,
    ]);

    const mb = samples.map((s) => s.mb.toFixed(0)).join(' ');
    process.stdout.write(`load: ${requests} requests, ${failures.length} failed; RSS MB every 2 s: ${mb}\n`);
    expect(failures.slice(0, 10), `${failures.length} of ${requests} requests failed`).toEqual([]);
    expect(requests).toBeGreaterThan(VIRTUAL_USERS * 4);
    expect(tabEvents.every((events) => events > 0)).toBe(true);

    // Memory: after a warm-up, a leak grows with the requests served, so the last 20 s would
    // sit clearly above the 20 s before. Garbage collection makes RSS saw-tooth, so the peaks
    // of the two windows are compared with a generous margin: 25 % plus 64 MB.
    const peak = (from: number, to: number) =>
      Math.max(...samples.filter((s) => s.at >= from && s.at < to).map((s) => s.mb));
    const middle = peak(20_000, 40_000);
    const last = peak(40_000, DURATION_MS + SAMPLE_EVERY_MS);
    expect(
      last,
      `RSS peak ${last.toFixed(0)} MB in the last 20 s vs ${middle.toFixed(0)} MB before`,
    ).toBeLessThanOrEqual(middle * 1.25 + 64);
    expect(running!.portal.child.exitCode).toBeNull();
  });
});

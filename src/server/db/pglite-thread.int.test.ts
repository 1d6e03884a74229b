import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { asBackgroundWork } from './background-work';
import { isUniqueViolation } from './errors';
import { openPgliteThread, type PgliteThread } from './pglite-thread';

// The embedded database on its own thread (decision 0134): what drizzle and client.ts rely on
// must behave as PGlite on the server's thread did. The rest of the integration tier runs every
// feature through it as well (test-support/test-database.ts opens databases through client.ts).

const opened: PgliteThread[] = [];
/** The migrated image the integration tier starts from: loading it skips initdb's seconds. */
let image: Blob;
beforeAll(() => {
  image = new Blob([fs.readFileSync(inject('databaseImages').pglite)]);
});

async function open() {
  const thread = await openPgliteThread({ dataDir: undefined, image });
  opened.push(thread);
  await thread.query('create table t (id int primary key, note text)');
  return thread;
}

afterEach(async () => {
  for (const thread of opened.splice(0)) await thread.close();
});

describe('the embedded database on its own thread', () => {
  it('answers queries as PGlite does: rows as objects or arrays, fields, affected rows', async () => {
    const db = await open();
    const inserted = await db.query('insert into t values ($1, $2), ($3, $4)', [1, 'a', 2, null]);
    expect(inserted.affectedRows).toBe(2);
    const objects = await db.query<{ id: number; note: string | null }>('select id, note from t order by id');
    expect(objects.rows).toEqual([
      { id: 1, note: 'a' },
      { id: 2, note: null },
    ]);
    expect(objects.fields.map((field) => field.name)).toEqual(['id', 'note']);
    const arrays = await db.query('select id, now()::timestamptz as at from t order by id', [], { rowMode: 'array' });
    expect(arrays.rows[0]).toEqual([1, expect.any(String)]);
  });

  it("keeps a failed statement's SQLSTATE and details, so unique violations are recognised", async () => {
    const db = await open();
    await db.query('insert into t values (1, null)');
    const failure = await db.query('insert into t values (1, null)').catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't' });
    expect(isUniqueViolation(failure)).toBe(true);
  });

  it('commits a transaction that returns and rolls back one that throws', async () => {
    const db = await open();
    const result = await db.transaction(async (tx) => {
      await tx.query('insert into t values (1, $1)', ['kept']);
      return 'done';
    });
    expect(result).toBe('done');
    const boom = new Error('the caller changed its mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t values (2, $1)', ['dropped']);
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect((await db.query('select id from t')).rows).toEqual([{ id: 1 }]);
  });

  it('holds other queries until a transaction ends, so none runs inside it', async () => {
    const db = await open();
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('insert into t values (1, null)');
      // Sent while the transaction is open: it must see the database after the commit.
      outside = db.query('select count(*)::int as n from t');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('insert into t values (2, null)');
    });
    expect(await outside).toMatchObject({ rows: [{ n: 2 }] });
  });

  it('runs the queries sent right behind a begin in that transaction, once the one before it ends', async () => {
    const db = await open();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = db.transaction(async (tx) => {
      await tx.query('insert into t values (1, $1)', ['first']);
      await held;
      return (await tx.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n;
    });
    // Begun while the first is open, so its insert reaches the worker before it has begun:
    // it must wait there and then run in its own transaction, which rolls it back.
    const second = db
      .transaction(async (tx) => {
        await tx.query('insert into t values (2, $1)', ['second']);
        throw new Error('rolled back');
      })
      .catch((err: Error) => err.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await first).toBe(1);
    expect(await second).toBe('rolled back');
    expect((await db.query('select id from t')).rows).toEqual([{ id: 1 }]);
  });

  it('delivers notifications to each listener until it stops', async () => {
    const db = await open();
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await db.listen('changes', (payload) => first.push(payload));
    const stopSecond = await db.listen('changes', (payload) => second.push(payload));
    await db.query("select pg_notify('changes', 'one')");
    await stopFirst();
    await db.query("select pg_notify('changes', 'two')");
    await stopSecond();
    await db.query("select pg_notify('changes', 'three')");
    await expect.poll(() => second).toEqual(['one', 'two']);
    expect(first).toEqual(['one']);
  });

  it("leaves the server's thread free while a long statement runs", async () => {
    const db = await open();
    // About a second of work inside the database; timers on this thread keep their pace.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await db.query('select count(*) from generate_series(1, 3000000) a, generate_series(1, 1) b');
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(250);
  });

  it('reports a database that cannot open', async () => {
    // A data directory that is a file: PGlite fails in the worker, and the caller hears why.
    const file = path.join(fs.mkdtempSync(path.join(tmpdir(), 'pglite-thread-')), 'not-a-directory');
    fs.writeFileSync(file, 'x');
    try {
      await expect(openPgliteThread({ dataDir: file })).rejects.toThrow(/./);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('refuses queries once closed, and a second close does nothing', async () => {
    const db = await open();
    await db.close();
    expect(db.closed).toBe(true);
    await expect(db.query('select 1')).rejects.toThrow(/embedded database/);
    // A transaction that cannot begin says why, whether or not it ran a query.
    await expect(db.transaction((tx) => tx.query('select 1'))).rejects.toThrow(/embedded database/);
    await expect(db.transaction(async () => 'nothing asked')).rejects.toThrow(/embedded database/);
    await db.close();
  });
});

describe("a job's statements give way to people's (decision 0141)", () => {
  it("lets a person's next statement in before a job's, and keeps a job's transaction whole", async () => {
    const db = await open();
    const order: string[] = [];
    const run = (label: string, text: string) => db.query(text).then(() => order.push(label));
    // A person's request: two statements, the second sent as soon as the first is answered. The
    // quiet gap a request's own work may leave between them is background-work.test.ts's: a
    // timer here slept past it when the machine was busy, and the job went first (CI, once).
    const person = (async () => {
      await run('person 1', 'select pg_sleep(0.05)');
      await run('person 2', 'select 1');
    })();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The job asks while the person's first statement runs.
    const job = asBackgroundWork(async () => {
      await run('job 1', 'select 1');
      await db.transaction(async (tx) => {
        await tx.query("insert into t values (1, 'job')");
        order.push('job transaction');
      });
    });
    await Promise.all([person, job]);
    expect(order).toEqual(['person 1', 'person 2', 'job 1', 'job transaction']);
    expect((await db.query('select note from t')).rows).toEqual([{ note: 'job' }]);
  });
});

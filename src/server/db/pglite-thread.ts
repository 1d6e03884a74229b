/**
 * The embedded database as the server's thread sees it: PGlite runs in a worker thread
 * (pglite-worker.mjs), and this is the client drizzle and client.ts talk to. It offers what
 * drizzle-orm/pglite calls (query, transaction) and the notifications client.ts needs, each as
 * a message to the worker (docs/decisions/0134-embedded-database-thread.md).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { ForegroundFirst, isBackgroundWork } from './background-work';
import { DRIZZLE_TEXT_TYPES, withoutRedundantParsers, type DrizzlePgliteClient } from './pglite-text-parsers';
import {
  fromWireError,
  type PgliteReply,
  type PgliteRequest,
  type PgliteWorkerOptions,
} from './pglite-thread-protocol';

/** A request as this side builds it; the id is added when it is sent. */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never;
type Outgoing = WithoutId<PgliteRequest>;

export interface PgliteThread extends DrizzlePgliteClient {
  readonly closed: boolean;
  /** Calls the handler with each notification on the channel until the returned stop. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface PgliteThreadOptions {
  dataDir: string | undefined;
  image?: Blob;
}

/**
 * Beside this file in the sources, beside index.js in the built server (scripts/build-server.mjs
 * copies it). A variable, not a literal: Vite would otherwise bundle it as an asset.
 */
const WORKER_FILE = './pglite-worker.mjs';

/**
 * PGlite's WebAssembly, compiled once per process: every worker of this process (the tests
 * open hundreds) gets the compiled module instead of compiling 9 MB again.
 */
let wasmModule: Promise<WebAssembly.Module> | undefined;
/**
 * Starts compiling PGlite's WebAssembly, if no call has yet. The file is read at once (9 MB,
 * milliseconds) so that V8 compiles it on its own threads while this one goes on: the server
 * calls it before copying a new data directory, which the compilation then overlaps
 * (docs/decisions/0150).
 */
export function compiledPglite(): Promise<WebAssembly.Module> {
  if (!wasmModule) {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    wasmModule = WebAssembly.compile(fs.readFileSync(path.join(path.dirname(entry), 'pglite.wasm')));
  }
  return wasmModule;
}

export async function openPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  const workerData: PgliteWorkerOptions = {
    dataDir: options.dataDir,
    image: options.image,
    wasmModule: await compiledPglite(),
    textTypes: DRIZZLE_TEXT_TYPES,
  };
  const worker = new Worker(new URL(WORKER_FILE, import.meta.url), { workerData });

  const pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const listening = new Map<string, Promise<unknown>>();
  let nextId = 1;
  let nextTransaction = 1;
  let closed = false;
  let stopped: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: PgliteReply) => {
      switch (message.op) {
        case 'ready':
          return resolve();
        case 'failed':
          return reject(fromWireError(message.error));
        case 'notification':
          for (const handler of handlers.get(message.channel) ?? []) handler(message.payload);
          return;
        case 'reply': {
          const waiting = pending.get(message.id);
          pending.delete(message.id);
          if (pending.size === 0) worker.unref();
          if (message.ok) waiting?.resolve(message.result);
          else waiting?.reject(fromWireError(message.error));
        }
      }
    });
    worker.on('error', (err) => {
      stopped = err;
      reject(err);
    });
    worker.on('exit', (code) => {
      closed = true;
      stopped ??= new Error(`the embedded database's thread ended (exit code ${code})`);
      reject(stopped);
      for (const waiting of pending.values()) waiting.reject(stopped);
      pending.clear();
    });
  });
  await ready.catch(async (err: unknown) => {
    await worker.terminate();
    throw err;
  });
  // From here the worker keeps the process alive only while it owes an answer, as PGlite on
  // this thread did not keep it alive at all: a script that forgets to close still ends.
  worker.unref();

  // A job's statements give way to people's (docs/decisions/0141).
  const people = new ForegroundFirst();
  const send = <T>(message: Outgoing): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id } as PgliteRequest);
    });
  };
  const request = <T>(message: Outgoing): Promise<T> =>
    isBackgroundWork() ? send<T>(message) : people.foreground(() => send<T>(message));

  const queryIn =
    (tx: number | undefined) =>
    <T>(text: string, params?: unknown[], queryOptions?: QueryOptions): Promise<Results<T>> => {
      const options = withoutRedundantParsers(queryOptions);
      // Functions cannot cross to the worker; the worker already parses as drizzle expects.
      if (options?.parsers || options?.serializers || options?.blob) {
        return Promise.reject(new Error('parsers, serializers and blobs cannot reach the embedded database thread'));
      }
      const query = { op: 'query', tx, text, params, rowMode: options?.rowMode } as const;
      if (tx !== undefined || !isBackgroundWork()) return request<Results<T>>(query);
      return people.giveWay().then(() => request<Results<T>>(query));
    };

  const thread: PgliteThread = {
    get closed() {
      return closed;
    },
    query: queryIn(undefined),
    async transaction(callback) {
      if (isBackgroundWork()) await people.giveWay();
      const tx = nextTransaction++;
      // Not waited for: the first query follows it at once and waits in the worker for the
      // transaction to begin, one round trip between the threads fewer (docs/decisions/0139).
      const begun = request<void>({ op: 'begin', tx });
      begun.catch(() => {});
      // drizzle-orm/pglite calls nothing but query inside a transaction.
      const inTransaction = { query: queryIn(tx) };
      let result;
      try {
        result = await callback(inTransaction as unknown as Parameters<typeof callback>[0]);
        // A callback that ran no query still learns that the transaction could not begin.
        await begun;
      } catch (err) {
        await request({ op: 'end', tx, commit: false }).catch(() => {});
        // A transaction that could not begin says why, rather than its first query's echo of it.
        throw await begun.then(
          () => err,
          (beginError: unknown) => beginError,
        );
      }
      await request({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, handler) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        listening.set(channel, request({ op: 'listen', channel }));
      }
      set.add(handler);
      // A second listener of a channel also resolves only once the worker listens.
      await listening.get(channel);
      return async () => {
        set.delete(handler);
        if (set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        listening.delete(channel);
        if (!closed) await request({ op: 'unlisten', channel });
      };
    },
    async close() {
      if (closed) return;
      await request({ op: 'close' }).catch(() => {});
      closed = true;
      await worker.terminate();
    },
  };
  return thread;
}

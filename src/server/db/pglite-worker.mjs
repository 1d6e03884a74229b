// @ts-check
/**
 * The embedded database's own thread (docs/decisions/0134-embedded-database-thread.md): PGlite
 * runs here, so a statement that takes a second holds up only the queries behind it, not every
 * HTTP request, realtime stream and timer of the server. pglite-thread.ts is the other end;
 * pglite-thread-protocol.ts describes the messages.
 *
 * Plain JavaScript on purpose: a worker thread of Node 20 cannot load TypeScript through the
 * server's tsx hooks, and compiling it in each worker cost half a second a database (the tests
 * open hundreds). It imports nothing of ours, so the built server copies it as it is
 * (scripts/build-server.mjs).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** @typedef {import('./pglite-thread-protocol').PgliteRequest} PgliteRequest */
/** @typedef {import('./pglite-thread-protocol').PgliteReply} PgliteReply */
/** @typedef {import('./pglite-thread-protocol').WireError} WireError */
/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const options = /** @type {import('./pglite-thread-protocol').PgliteWorkerOptions} */ (workerData);
/** @param {PgliteReply} reply */
const send = (reply) => port.postMessage(reply);

/** Thrown inside PGlite's transaction callback to make it roll back; never leaves this file. */
const ROLLBACK = Symbol('rollback');

/**
 * Open transactions by the number the server's thread gave them. `entered` resolves once PGlite
 * has begun it (after the transactions ahead of it), so queries sent right behind the begin
 * wait for it here.
 * @type {Map<number, { entered: Promise<Transaction>, decide: (commit: boolean) => void, settled: Promise<void> }>}
 */
const transactions = new Map();
/** @type {Map<string, () => Promise<void>>} */
const listening = new Map();

/**
 * A thrown error as it can cross threads: a structured clone keeps only the message and name,
 * and the server needs the SQLSTATE `code`, `constraint`, `detail`...
 * @param {unknown} err
 * @returns {WireError}
 */
function toWireError(err) {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  /** @type {WireError['fields']} */
  const fields = {};
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: err.message, name: err.name, stack: err.stack, fields };
}

function open() {
  const keepText = (/** @type {string} */ value) => value;
  // The options the server used when PGlite ran on its own thread (client.ts says why
  // durability stays strict); the types drizzle converts itself stay text.
  return PGlite.create(options.dataDir, {
    extensions: { pg_trgm, unaccent },
    relaxedDurability: false,
    parsers: Object.fromEntries(options.textTypes.map((oid) => [oid, keepText])),
    ...(options.image ? { loadDataDir: options.image } : {}),
    ...(options.wasmModule ? { pgliteWasmModule: options.wasmModule } : {}),
  });
}

/**
 * Runs transaction `id` until the server's thread says how it ends; answers once it has begun.
 * @param {PGlite} db
 * @param {number} id
 * @returns {Promise<void>}
 */
function begin(db, id) {
  if (transactions.has(id)) return Promise.reject(new Error(`transaction ${id} is already open`));
  /** @type {(tx: Transaction) => void} */
  let enter = () => {};
  /** @type {Promise<Transaction>} */
  const entered = new Promise((resolve) => (enter = resolve));
  /** @type {(commit: boolean) => void} */
  let decide = () => {};
  /** @type {Promise<boolean>} */
  const decided = new Promise((resolve) => (decide = resolve));
  const settled = db
    .transaction(async (tx) => {
      enter(tx);
      if (!(await decided)) throw ROLLBACK;
    })
    .then(
      () => undefined,
      (err) => {
        if (err !== ROLLBACK) throw err;
      },
    )
    .finally(() => transactions.delete(id));
  const open = {
    // Ending before the callback ran (the database closed, BEGIN failed) rejects it.
    entered: Promise.race([entered, settled.then(() => Promise.reject(new Error(`transaction ${id} ended`)))]),
    decide,
    settled,
  };
  transactions.set(id, open);
  return open.entered.then(() => undefined);
}

/** @param {number | undefined} id @param {PGlite} db @returns {Promise<PGlite | Transaction>} */
async function target(id, db) {
  if (id === undefined) return db;
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  return open.entered;
}

/**
 * @param {PGlite} db
 * @param {PgliteRequest} request
 * @returns {Promise<unknown>}
 */
async function handle(db, request) {
  switch (request.op) {
    case 'query':
      return (await target(request.tx, db)).query(
        request.text,
        request.params,
        request.rowMode ? { rowMode: request.rowMode } : undefined,
      );
    case 'begin':
      return begin(db, request.tx);
    case 'end': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`transaction ${request.tx} is not open`);
      await open.entered;
      open.decide(request.commit);
      await open.settled;
      return undefined;
    }
    case 'listen': {
      const channel = request.channel;
      if (!listening.has(channel)) {
        listening.set(channel, await db.listen(channel, (payload) => send({ op: 'notification', channel, payload })));
      }
      return undefined;
    }
    case 'unlisten': {
      const stop = listening.get(request.channel);
      listening.delete(request.channel);
      if (stop && !db.closed) await stop();
      return undefined;
    }
    case 'close':
      if (!db.closed) await db.close();
      return undefined;
  }
}

open().then(
  (db) => {
    port.on('message', (/** @type {PgliteRequest} */ request) => {
      handle(db, request).then(
        (result) => send({ op: 'reply', id: request.id, ok: true, result }),
        (err) => send({ op: 'reply', id: request.id, ok: false, error: toWireError(err) }),
      );
    });
    send({ op: 'ready' });
  },
  (err) => {
    send({ op: 'failed', error: toWireError(err) });
    port.close();
  },
);

/**
 * The messages between the server's thread and the embedded database's worker thread
 * (pglite-thread.ts and pglite-worker.mjs, docs/decisions/0134-embedded-database-thread.md).
 * Every request carries an id; the worker answers each id once.
 */

/** What the worker opens PGlite with (structured-cloned into the worker). */
export interface PgliteWorkerOptions {
  /** A directory, or undefined for an in-memory database. */
  dataDir: string | undefined;
  /** A dumped data directory an in-memory database starts from (PGlite's loadDataDir). */
  image?: Blob;
  /** PGlite's WebAssembly module, compiled once per process and shared by its workers. */
  wasmModule?: WebAssembly.Module;
  /** The type OIDs PGlite hands over as text, for drizzle to convert (pglite-text-parsers.ts). */
  textTypes: number[];
}

export type PgliteRequest =
  | { op: 'query'; id: number; tx?: number; text: string; params?: unknown[]; rowMode?: 'array' | 'object' }
  /**
   * Opens transaction `tx` (numbered by the server's thread); answers once it has begun. Its
   * queries may be sent before that answer: they wait in the worker for it to begin.
   */
  | { op: 'begin'; id: number; tx: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; channel: string }
  | { op: 'close'; id: number };

/** A thrown error as it crosses threads (the worker's toWireError): a clone would keep only its message and name, not `code`. */
export interface WireError {
  message: string;
  name: string;
  stack?: string;
  /** The error's own primitive fields: SQLSTATE `code`, `constraint`, `detail`, `table`... */
  fields: Record<string, string | number | boolean | null>;
}

export type PgliteReply =
  | { op: 'ready' }
  | { op: 'failed'; error: WireError }
  | { op: 'reply'; id: number; ok: true; result: unknown }
  | { op: 'reply'; id: number; ok: false; error: WireError }
  | { op: 'notification'; channel: string; payload: string };

/** The error again on the server's thread, with the worker's stack after the caller's. */
export function fromWireError(wire: WireError): Error {
  const err = Object.assign(new Error(wire.message), wire.fields);
  err.name = wire.name;
  if (wire.stack) err.stack = `${err.stack ?? ''}\n    at (embedded database thread)\n${wire.stack}`;
  return err;
}

import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * Every call into better-auth (auth.api.* and auth.handler) goes through callBetterAuth.
 *
 * better-auth keeps its request context in three AsyncLocalStorage instances and never
 * disables them. On Node 20 an enabled AsyncLocalStorage turns on promise hooks for the whole
 * process, so after the first sign-in every promise of every request (health checks, pages,
 * streams) pays for context tracking it does not use. callBetterAuth switches the three off
 * again once no better-auth call is in flight; better-auth's next `run` switches them back on
 * (docs/decisions/0063).
 */
let inFlight = 0;
let storages: Promise<AsyncLocalStorage<unknown>[]> | undefined;

/** The storages better-auth uses, created on first use exactly as better-auth would create them. */
export function betterAuthStorages(): Promise<AsyncLocalStorage<unknown>[]> {
  storages ??= Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]) as Promise<AsyncLocalStorage<unknown>[]>;
  return storages;
}

export async function callBetterAuth<T>(call: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await call();
  } finally {
    const all = await betterAuthStorages();
    // Decrement and disable in one synchronous step after the await: no other call can start
    // in between, and a call still in flight keeps its context.
    inFlight -= 1;
    if (inFlight === 0) for (const storage of all) storage.disable();
  }
}

import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { ApiError } from '@/lib/api';
import { accountOf, lastAccount } from './account';
import { loadQueue, queueAccount, queuedWrites, setQueue, type QueuedWrite } from './queue-store';

/** Said instead of "nothing was saved" for the writes that wait (issue 24 item 3). */
export const QUEUED_MESSAGE = 'Saved on this device; will send when you are back online.';
const RETRY_MS = 5000;

export interface Queued {
  queued: QueuedWrite;
}
export const isQueued = (value: unknown): value is Queued =>
  typeof value === 'object' && value !== null && 'queued' in value;

let client: QueryClient | undefined;
let flushing: Promise<void> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** A key no one else makes; crypto.randomUUID exists only on HTTPS and localhost. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Loads this device's queue and sends it whenever the connection comes back. */
export async function startOfflineQueue(queryClient: QueryClient): Promise<void> {
  client = queryClient;
  await loadQueue(lastAccount());
  window.addEventListener('online', () => void flushQueue());
  void flushQueue();
}

/**
 * Sends a write now with an Idempotency-Key; when the connection is lost (or writes made
 * earlier are still waiting, which must arrive first), keeps it on the device instead and
 * answers `{ queued }`. A queued write is sent later with the same key, so a send whose answer
 * was lost is not saved twice.
 */
export async function sendOrQueue<T>(
  write: Omit<QueuedWrite, 'id' | 'queuedAt'>,
  send: (headers: Record<string, string>) => Promise<T>,
): Promise<T | Queued> {
  const id = newKey();
  const waiting = queuedWrites().some((item) => !item.refused);
  if (navigator.onLine && !waiting) {
    try {
      return await send({ 'idempotency-key': id });
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'CONNECTION_LOST')) throw err;
    }
  }
  const account = client ? accountOf(client) : null;
  // Nobody known to be signed in: there is no one to keep it for.
  if (!account)
    throw new ApiError('The connection to the portal was lost, so nothing was saved.', 0, 'CONNECTION_LOST');
  if (queueAccount() !== account) await loadQueue(account);
  const item: QueuedWrite = { ...write, id, queuedAt: Date.now() };
  await setQueue([...queuedWrites(), item]);
  if (navigator.onLine) void flushQueue();
  return { queued: item };
}

/** Sends the waiting writes one at a time, in the order they were made. */
export function flushQueue(): Promise<void> {
  flushing ??= sendWaiting().finally(() => (flushing = undefined));
  return flushing;
}

async function sendWaiting(): Promise<void> {
  clearTimeout(retryTimer);
  for (;;) {
    const next = queuedWrites().find((item) => !item.refused);
    if (!next || !navigator.onLine) return;
    let response: Response;
    try {
      response = await fetch(next.path, {
        method: next.method,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', 'idempotency-key': next.id },
        body: JSON.stringify(next.body),
      });
    } catch {
      // No connection after all. Offline, the 'online' event starts again; online, the browser
      // sent no event to wait for (its first request after reconnecting can fail, as
      // Chromium's ERR_NETWORK_CHANGED does), so try again shortly rather than wait forever.
      if (navigator.onLine) retryTimer = setTimeout(() => void flushQueue(), RETRY_MS);
      return;
    }
    // Not signed in (the queue waits for the session), being answered, or the server failing:
    // try again later rather than give up a write the person was told is kept.
    if (response.status === 401 || response.status === 409 || response.status >= 500) {
      retryTimer = setTimeout(() => void flushQueue(), RETRY_MS);
      return;
    }
    if (response.ok) {
      await setQueue(queuedWrites().filter((item) => item.id !== next.id));
      for (const queryKey of next.refresh) void client?.invalidateQueries({ queryKey });
      continue;
    }
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    const reason = body?.error ?? `The server answered ${response.status}.`;
    await setQueue(queuedWrites().map((item) => (item.id === next.id ? { ...item, refused: reason } : item)));
    toast.error(`Not saved: ${next.label}`, { description: reason });
    for (const queryKey of next.refresh) void client?.invalidateQueries({ queryKey });
  }
}

/** The person read why a write was refused: it leaves the list. */
export function dismissRefused(id: string): Promise<void> {
  return setQueue(queuedWrites().filter((item) => item.id !== id));
}

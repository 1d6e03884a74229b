import type { QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { idbGet, idbSet } from './idb';

/** The writes that may wait for the connection (issue 24 item 3). */
export type QueuedKind = 'chat.message' | 'task.create' | 'task.update' | 'contact.log';

export interface QueuedWrite {
  /** Also the Idempotency-Key it is sent with, first and on every resend. */
  id: string;
  kind: QueuedKind;
  /** What the person sees in the list of waiting changes ("Message in General Partners"). */
  label: string;
  method: 'POST' | 'PATCH';
  path: string;
  body: unknown;
  /** The answers to refresh once it is saved. */
  refresh: QueryKey[];
  queuedAt: number;
  /** Set when the server refused it on arrival: its reason, shown until dismissed. */
  refused?: string;
}

let account: string | null = null;
let items: readonly QueuedWrite[] = [];
const listeners = new Set<() => void>();
const queueKey = (id: string) => `queue:${id}`;

function changed() {
  for (const listener of listeners) listener();
}

/** Reads the account's queue from the device (after a reload, before it is sent). */
export async function loadQueue(forAccount: string | null): Promise<void> {
  account = forAccount;
  items = forAccount ? ((await idbGet<QueuedWrite[]>(queueKey(forAccount)).catch(() => undefined)) ?? []) : [];
  changed();
}

export const queuedWrites = () => items;
export const queueAccount = () => account;

/** Replaces the queue and writes it to the device before resolving: a reload loses nothing. */
export async function setQueue(next: readonly QueuedWrite[]): Promise<void> {
  items = next;
  changed();
  if (account) await idbSet(queueKey(account), next).catch(() => undefined);
}

export function clearQueueInMemory() {
  account = null;
  items = [];
  changed();
}

export function useQueuedWrites(): readonly QueuedWrite[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => items,
  );
}

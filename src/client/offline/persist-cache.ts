import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { accountOf, lastAccount, rememberAccount } from './account';
import { forgetOfflineData } from './forget';
import { idbDelete, idbGet, idbSet } from './idb';

/**
 * What the person last saw stays readable offline (issue 24, decision 0129): the query
 * cache's answers are written to IndexedDB under the account's id and put back before the
 * first render of the next visit. The query cache, not a service-worker cache of /api/
 * answers: it holds exactly what the screens show, already keyed by what was asked, and it is
 * the app that knows whose answers they are (the same URL answers each account differently,
 * which a URL-keyed cache would mix up). Answers older than a week, or from another build of
 * the app, are not restored.
 */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_AFTER_MS = 1000;
/** A new build may read its answers differently: each build keeps its own. */
const BUILD = import.meta.env.VITE_BUILD_ID ?? 'dev';

interface SavedCache {
  build: string;
  savedAt: number;
  state: DehydratedState;
}

const cacheKey = (account: string) => `cache:${account}`;

/**
 * Puts back the answers saved for the account last signed in on this device, when the app
 * starts without a connection. Online, every screen asks afresh as it always did: a restored
 * answer would be shown first and replaced a moment later, and the forms that take their
 * starting values from the first answer (Settings, the ministry's name) kept the old one.
 */
export async function restoreOfflineCache(queryClient: QueryClient): Promise<void> {
  if (navigator.onLine) return;
  const account = lastAccount();
  if (!account) return;
  try {
    const saved = await idbGet<SavedCache>(cacheKey(account));
    if (!saved) return;
    if (saved.build !== BUILD || Date.now() - saved.savedAt > MAX_AGE_MS) return await idbDelete(cacheKey(account));
    hydrate(queryClient, saved.state);
  } catch {
    // Storage blocked (a private window, a full disk): the app works as it did without it.
  }
}

/**
 * Saves the answers a second after they change, under the signed-in account. When the server
 * says nobody is signed in (the session query answers null), everything kept is removed: the
 * next person on this device finds nothing of the last one's.
 */
export function keepOfflineCache(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = async () => {
    timer = undefined;
    const account = accountOf(queryClient);
    if (account === null) return forgetOfflineData();
    if (account === undefined) return;
    rememberAccount(account);
    const saved: SavedCache = { build: BUILD, savedAt: Date.now(), state: dehydrate(queryClient) };
    await idbSet(cacheKey(account), saved);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    timer ??= setTimeout(() => void save().catch(() => undefined), SAVE_AFTER_MS);
  });
  return () => {
    clearTimeout(timer);
    unsubscribe();
  };
}

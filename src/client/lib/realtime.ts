import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast';
import { refreshAfterChange } from './refresh-queries';
import { SIGN_OUT_KEY } from './sign-out-key';
import { REALTIME_EVENT_TYPES, type RealtimeEvent, type RealtimeEventType } from '#shared/realtime';

type EventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;
type Handler = (event: RealtimeEvent) => void;
const handlers = new Map<RealtimeEventType, Set<Handler>>();

/** Adds `handler` for each of `types`; the returned function removes it again. */
function subscribe(types: readonly RealtimeEventType[], handler: Handler): () => void {
  for (const type of types) {
    let set = handlers.get(type);
    if (!set) handlers.set(type, (set = new Set()));
    set.add(handler);
  }
  return () => {
    for (const type of types) handlers.get(type)?.delete(handler);
  };
}

/** Lets a feature react to one type of realtime event while it is mounted. */
export function useRealtimeEvent<T extends RealtimeEventType>(type: T, handler: (event: EventOf<T>) => void) {
  useEffect(() => subscribe([type], handler as Handler), [type, handler]);
}

/**
 * The query keys kept live by a mounted useRefetchOn. Refreshed once when the tab's stream
 * first starts: they were usually read before the server was listening for this tab, and a
 * change in between (a task assigned a moment after the page loaded) sent an event nobody
 * heard, so the bell stayed at its old count until the next one.
 */
const liveKeys = new Set<{ current: { queryKey: QueryKey } }>();

function refreshLiveQueries(queryClient: QueryClient) {
  const keys = new Map<string, QueryKey>();
  for (const entry of liveKeys) keys.set(JSON.stringify(entry.current.queryKey), entry.current.queryKey);
  for (const key of keys.values()) void refreshAfterChange(queryClient, key);
}

/**
 * Refetches the queries under `queryKey` whenever an event of one of `types` arrives (and
 * `when`, if given, accepts it), while mounted: how a feature's api/ hook keeps its data live.
 */
export function useRefetchOn<T extends RealtimeEventType>(
  types: readonly T[],
  queryKey: QueryKey,
  when?: (event: EventOf<T>) => boolean,
) {
  const queryClient = useQueryClient();
  // Callers build new arrays and functions each render; the subscription follows their content.
  const latest = useRef({ queryKey, when });
  useEffect(() => {
    latest.current = { queryKey, when };
  });
  useEffect(() => {
    liveKeys.add(latest);
    return () => void liveKeys.delete(latest);
  }, []);
  const typesKey = types.join(' ');
  useEffect(
    () =>
      subscribe(typesKey.split(' ') as T[], (event) => {
        const { queryKey: key, when: accepts } = latest.current;
        if (!accepts || accepts(event as EventOf<T>)) void refreshAfterChange(queryClient, key);
      }),
    [queryClient, typesKey],
  );
}

// ---- connection status, for a quiet "Reconnecting…" where it matters ----

export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting';
let status: RealtimeStatus = 'connecting';
const statusListeners = new Set<() => void>();
function setStatus(next: RealtimeStatus) {
  if (next === status) return;
  status = next;
  // Also on the page (html[data-realtime]): a browser test that changes something behind the
  // screen's back waits for 'open', or the change can come before the stream that would tell it.
  if (typeof document !== 'undefined') document.documentElement.dataset.realtime = next;
  for (const listener of statusListeners) listener();
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
  );
}

const MAX_RETRY_MS = 30_000;

/**
 * One server-sent-events stream per signed-in tab. EventSource reconnects by itself after a
 * network drop and sends the last event id, so the server replays missed chat messages. When
 * it gives up (an HTTP error, e.g. while the server restarts behind a proxy) we reconnect
 * ourselves with that cursor. After any reconnect, what is on screen is refetched, since
 * other features' events are not replayed. Permission and profile changes refresh the
 * session query so the sidebar and guards update live; a password change elsewhere ends this
 * tab's session, and the guards return to the sign-in screen.
 */
export function useRealtimeConnection(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | undefined;
    let lastEventId: string | undefined;
    let retryMs = 1000;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let everOpened = false;
    let stopped = false;

    const dispatch = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      const event = JSON.parse(message.data) as RealtimeEvent;
      if (event.type === 'permissions.changed') void queryClient.invalidateQueries({ queryKey: ['me'] });
      if (event.type === 'profile.changed') {
        void queryClient.invalidateQueries({ queryKey: ['me'] });
        // Not while this tab is saving a setting itself: its own answer is newer.
        if (queryClient.isMutating({ mutationKey: ['settings'] }) === 0)
          void queryClient.invalidateQueries({ queryKey: ['settings'] });
      }
      // The server sends this only to the session that ended: this tab is signed out now. When
      // this tab is the one signing out, its sign-out already says so and moves it to /auth;
      // the event may arrive while it does or just after (then "me" is already forgotten).
      const signingOutHere =
        queryClient.isMutating({ mutationKey: SIGN_OUT_KEY }) > 0 || queryClient.getQueryData(['me']) === null;
      if (event.type === 'sessions.ended' && !signingOutHere) void endedHere(event.userId);
      for (const handler of handlers.get(event.type) ?? []) handler(event);
    };

    /**
     * Turning two-factor sign-in on or off renews the session: the old one ends, announced
     * before the answer that gives this browser the new one. So once this tab's own requests
     * have settled, only a session the browser no longer has signs the tab out.
     */
    const endedHere = async (userId: string) => {
      await mutationsSettled();
      const me = await fetch('/api/me', { credentials: 'same-origin' }).catch(() => null);
      const stillSignedIn = me?.ok && ((await me.json()) as { user?: { id?: string } }).user?.id === userId;
      if (stillSignedIn) return;
      queryClient.setQueryData(['me'], null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      toast.info('Signed out', {
        description:
          'This session has ended: it was signed out elsewhere, the password was changed, or an admin ended it. Please sign in again.',
      });
    };

    const mutationsSettled = () =>
      new Promise<void>((resolve) => {
        if (queryClient.isMutating() === 0) return resolve();
        const unsubscribe = queryClient.getMutationCache().subscribe(() => {
          if (queryClient.isMutating() > 0) return;
          unsubscribe();
          resolve();
        });
      });

    const connect = () => {
      const url = lastEventId ? `/api/realtime?lastEventId=${encodeURIComponent(lastEventId)}` : '/api/realtime';
      source = new EventSource(url);
      source.addEventListener('ready', () => {
        // A permission change between loading the session and this stream's start (or while
        // it was down) sent an event nobody heard: the session is read again each time the
        // stream starts, so a person removed meanwhile loses the screens at once.
        // Likewise what is kept live on screen (refreshLiveQueries); after a reconnect, all of it.
        if (everOpened) void queryClient.invalidateQueries();
        else {
          void queryClient.invalidateQueries({ queryKey: ['me'] });
          refreshLiveQueries(queryClient);
        }
        everOpened = true;
        retryMs = 1000;
        setStatus('open');
      });
      for (const type of REALTIME_EVENT_TYPES) source.addEventListener(type, dispatch);
      source.onerror = () => {
        setStatus(everOpened ? 'reconnecting' : 'connecting');
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        // Our sign-out or a lost session also closes it: check the session before retrying.
        void queryClient.invalidateQueries({ queryKey: ['me'] });
        retryTimer = setTimeout(connect, retryMs);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      };
    };
    // Back online (issue 24): reconnect now rather than when the back-off timer says, which may
    // be 30 seconds away; the 'ready' above then refreshes what is on screen.
    const reconnectNow = () => {
      if (stopped || source?.readyState === EventSource.OPEN) return;
      clearTimeout(retryTimer);
      source?.close();
      retryMs = 1000;
      connect();
    };
    window.addEventListener('online', reconnectNow);
    connect();
    return () => {
      stopped = true;
      window.removeEventListener('online', reconnectNow);
      clearTimeout(retryTimer);
      source?.close();
      setStatus('connecting');
    };
  }, [enabled, queryClient]);
}

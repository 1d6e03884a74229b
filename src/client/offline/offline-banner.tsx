import { useQueryClient } from '@tanstack/react-query';
import { format, isToday } from 'date-fns';
import { CloudOff } from 'lucide-react';
import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { useOnline } from './connection';
import { dismissRefused } from './queue';
import { useQueuedWrites } from './queue-store';

/** When the oldest answer on screen was fetched: what "showing data from" means. */
function useOldestShownAnswer(): number | null {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const oldest = useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => {
      let min = Infinity;
      for (const query of cache.getAll())
        if (query.getObserversCount() > 0 && query.state.dataUpdatedAt > 0)
          min = Math.min(min, query.state.dataUpdatedAt);
      return min;
    },
  );
  return Number.isFinite(oldest) ? oldest : null;
}

/**
 * The banner's height as `--offline-banner-height` on the page: a screen that fills the window
 * (the chat) takes it off its own height, or the banner pushed its message box out of sight.
 */
function useBannerHeight(banner: RefObject<HTMLDivElement | null>, shown: boolean) {
  // Kept while the banner is shown, not renewed on each of its renders (it renders on every
  // change to the cached answers): the height is set at once and follows the banner's size.
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const follow = () => root.style.setProperty('--offline-banner-height', `${element.offsetHeight}px`);
    follow();
    const observer = new ResizeObserver(follow);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--offline-banner-height');
    };
  }, [banner, shown]);
}

const when = (at: number) => format(at, isToday(at) ? 'h:mm a' : 'MMM d, h:mm a');

/**
 * Says that the portal is offline and how old what it shows is (issue 24), how many changes
 * wait on this device, and which changes the server refused when they arrived, with its reason.
 */
export function OfflineBanner() {
  const banner = useRef<HTMLDivElement>(null);
  const online = useOnline();
  const oldest = useOldestShownAnswer();
  const writes = useQueuedWrites();
  const waiting = writes.filter((w) => !w.refused).length;
  const refused = writes.filter((w) => w.refused);
  const shown = !online || waiting > 0 || refused.length > 0;
  useBannerHeight(banner, shown);
  if (!shown) return null;
  return (
    <div ref={banner} className="space-y-2 border-b bg-amber-50 px-4 py-2 text-sm text-amber-950 md:px-8">
      {(!online || waiting > 0) && (
        <p role="status" className="flex flex-wrap items-center gap-2">
          {!online && (
            <>
              <CloudOff aria-hidden="true" className="size-4" />
              <strong>Offline</strong>
              <span>{oldest ? `Showing data fetched at ${when(oldest)}.` : 'Showing what this device saved.'}</span>
            </>
          )}
          {waiting > 0 && (
            <span>
              {waiting === 1 ? '1 change' : `${waiting} changes`} saved on this device
              {online ? ', sending now.' : ', to send when you are back online.'}
            </span>
          )}
        </p>
      )}
      {refused.length > 0 && (
        <ul aria-label="Changes not saved" className="space-y-1">
          {refused.map((write) => (
            <li key={write.id} className="flex flex-wrap items-center gap-2">
              <span>
                <strong>Not saved:</strong> {write.label}. {write.refused}
              </span>
              <Button size="sm" variant="outline" onClick={() => void dismissRefused(write.id)}>
                Dismiss
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

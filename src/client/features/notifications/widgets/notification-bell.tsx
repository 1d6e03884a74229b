import { formatDistanceToNow } from 'date-fns';
import { Bell, BellOff } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { NotificationItem } from '#shared/schemas/notifications';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';

/**
 * The notification centre (issue 16): a bell with the unread count, opening the list, newest
 * first, a page at a time. Opening an entry marks it read and goes to its subject. The shell
 * shows it in the sidebar header on wide screens and in the top bar on small ones.
 */
export function NotificationBell({ tone = 'sidebar' }: { tone?: 'sidebar' | 'bar' }) {
  const [open, setOpen] = useState(false);
  const query = useNotifications();
  const unread = query.data?.pages[0]?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          className={cn('relative', tone === 'sidebar' && 'text-sidebar-foreground hover:bg-sidebar-accent')}
        >
          <Bell aria-hidden="true" />
          {unread > 0 && (
            <span
              data-testid="notification-count"
              aria-hidden="true"
              className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-xs font-semibold leading-5 text-white"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Notifications"
          align="start"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] rounded-lg border bg-card text-card-foreground shadow-lg"
        >
          <NotificationList query={query} unread={unread} onOpenEntry={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationList({
  query,
  unread,
  onOpenEntry,
}: {
  query: ReturnType<typeof useNotifications>;
  unread: number;
  onOpenEntry: () => void;
}) {
  const markAll = useMarkAllRead();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const heading = useRef<HTMLHeadingElement>(null);

  const onMarkAll = async () => {
    if (markAll.isPending) return;
    try {
      await markAll.mutateAsync();
      // Nothing is left unread, so the button is disabled and the focus fell out of the list:
      // it goes to the list's heading.
      heading.current?.focus();
    } catch (err) {
      toast.error('Failed to mark notifications as read', {
        description: err instanceof Error ? err.message : String(err),
      });
    }
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 ref={heading} tabIndex={-1} className="text-sm font-semibold focus-visible:outline-none">
          Notifications
        </h2>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void onMarkAll()}
          disabled={unread === 0}
          aria-busy={markAll.isPending || undefined}
        >
          Mark all as read
        </Button>
      </div>
      <div className="max-h-[60vh] overflow-y-auto">
        {query.isPending ? (
          <Spinner className="py-8" />
        ) : query.isError ? (
          <div className="p-3">
            <LoadError title="Failed to load notifications" error={query.error} onRetry={() => void query.refetch()} />
          </div>
        ) : items.length === 0 ? (
          <EmptyState
            icon={BellOff}
            size="inline"
            action={
              // Where the person chooses what they are told (Settings' tab in the address, issue 27).
              <Button variant="outline" size="sm" asChild>
                <Link to="/settings?tab=notifications" onClick={onOpenEntry}>
                  Choose what you are told
                </Link>
              </Button>
            }
          >
            No notifications yet
          </EmptyState>
        ) : (
          <ul className="divide-y">
            {items.map((item) => (
              <li key={item.id}>
                <Entry item={item} onOpen={onOpenEntry} />
              </li>
            ))}
          </ul>
        )}
        {query.hasNextPage && (
          <div className="border-t p-2 text-center">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
            >
              {query.isFetchingNextPage ? 'Loading…' : 'Show older'}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

function Entry({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  const open = () => {
    // Going to the subject does not wait for the mark: a failure leaves it unread, nothing worse.
    if (!item.read) markRead.mutate(item.id);
    onOpen();
    void navigate(item.link);
  };
  return (
    <button
      type="button"
      onClick={open}
      className="flex w-full gap-3 px-4 py-3 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none"
    >
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-primary')}
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm [overflow-wrap:anywhere]', !item.read && 'font-semibold')}>
          {item.read ? null : <span className="sr-only">Unread: </span>}
          {item.title}
        </span>
        {item.body && <span className="block truncate text-sm text-muted-foreground">{item.body}</span>}
        <span className="block text-xs text-muted-foreground">
          {formatDistanceToNow(new Date(item.createdAt), { addSuffix: true })}
        </span>
      </span>
    </button>
  );
}

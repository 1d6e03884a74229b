import { Copy, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from '@/lib/toast';
import { ConfirmButton } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useCalendarFeed, useRenewCalendarFeed } from '../api/calendar-feed';

/** The card's anchor: the calendar page's Subscribe leads to `/settings#calendar-subscription`. */
export const CALENDAR_SUBSCRIPTION_ID = 'calendar-subscription';

/**
 * Settings > Profile: the person's private calendar subscription address (issue 22 item 5),
 * to paste into a phone or desktop calendar, with Copy and "New address".
 */
export function CalendarSubscriptionCard() {
  const feed = useCalendarFeed(true);
  const renew = useRenewCalendarFeed();
  const [copied, setCopied] = useState(false);
  const { hash } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Come from the calendar's Subscribe: the card is drawn after the settings load, too late for
  // the browser's own jump to the anchor, so it brings itself into view and takes the focus.
  useEffect(() => {
    if (hash !== `#${CALENDAR_SUBSCRIPTION_ID}`) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus();
  }, [hash]);

  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error('The address could not be copied: select it and copy it yourself.');
    }
  };
  const renewAddress = async () => {
    try {
      await renew.mutateAsync();
      toast.success('New calendar address created. The old one no longer works.');
    } catch (err) {
      toast.error('Failed to create a new address', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <Card className="mt-4" id={CALENDAR_SUBSCRIPTION_ID}>
      <CardHeader>
        <CardTitle ref={heading} tabIndex={-1} className="text-xl">
          Calendar subscription
        </CardTitle>
        <CardDescription>
          Subscribe to the ministry calendar in your phone or desktop calendar with this private address. Anyone with
          the address can see the events, so keep it to yourself.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {feed.isPending ? (
          <Skeleton className="h-10" aria-label="Loading your calendar address" />
        ) : feed.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
            The address could not be loaded: {feed.error.message}
            <Button variant="outline" size="sm" onClick={() => void feed.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <Input
              readOnly
              value={feed.data.url}
              aria-label="Subscription address"
              onFocus={(e) => e.target.select()}
            />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copy()}>
                <Copy aria-hidden="true" />
                {copied ? 'Copied' : 'Copy'}
              </Button>
              <ConfirmButton
                variant="outline"
                disabled={renew.isPending}
                title="Create a new address?"
                description="The old address stops working at once: calendars subscribed with it will no longer update until you subscribe again with the new one."
                confirmLabel="New address"
                onConfirm={() => void renewAddress()}
              >
                <RefreshCw aria-hidden="true" />
                New address
              </ConfirmButton>
            </div>
            <p role="status" className="sr-only">
              {copied ? 'Copied' : ''}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

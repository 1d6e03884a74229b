import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import {
  CARDHOLDER_GROUP_CHANNELS,
  COORDINATOR_CHANNELS,
  PARTNER_CHANNELS,
  type Channel,
  type ChannelUnread,
} from '#shared/chat';
import { matchesSearch } from '#shared/search-fold';
import { useCardholders } from '../api/get-cardholders';
import { ChannelButton, ChannelGroup } from './channel-group';

const same = (a: Channel, b: Channel) => a.chatType === b.chatType && a.partner === b.partner;

/** The 'Communication Hub' panel: partner, coordinator and (with permission) cardholder channels. */
export function ChannelList({
  selected,
  onSelect,
  showCardholders,
  unread,
}: {
  selected: Channel;
  onSelect: (channel: Channel) => void;
  showCardholders: boolean;
  unread: readonly ChannelUnread[];
}) {
  const countOf = (channel: Channel) => unread.find((c) => same(c, channel))?.count ?? 0;
  const fixed = (chatType: Channel['chatType'], names: readonly string[]) =>
    names.map((partner) => (
      <ChannelButton
        key={partner}
        selected={same(selected, { chatType, partner })}
        onSelect={() => onSelect({ chatType, partner })}
        unread={countOf({ chatType, partner })}
      >
        # {partner}
      </ChannelButton>
    ));

  return (
    <nav aria-label="Channels" className="flex h-full flex-col overflow-y-auto">
      <h1 className="border-b px-4 py-4 text-lg font-semibold">Communication Hub</h1>
      <ChannelGroup title="Partner Channels">{fixed('partner', PARTNER_CHANNELS)}</ChannelGroup>
      <ChannelGroup title="Coordinator Channels">{fixed('coordinator', COORDINATOR_CHANNELS)}</ChannelGroup>
      {showCardholders && (
        <ChannelGroup title="Cardholder Success">
          {fixed('cardholder_success', CARDHOLDER_GROUP_CHANNELS)}
          <CardholderChannels selected={selected} onSelect={onSelect} countOf={countOf} />
        </ChannelGroup>
      )}
    </nav>
  );
}

function CardholderChannels({
  selected,
  onSelect,
  countOf,
}: {
  selected: Channel;
  onSelect: (channel: Channel) => void;
  countOf: (channel: Channel) => number;
}) {
  const { data: cardholders, isPending, isError } = useCardholders(true);
  const [search, setSearch] = useState('');
  const matches = useMemo(
    () => (cardholders ?? []).filter((c) => matchesSearch(search, c.name, c.zone)),
    [cardholders, search],
  );

  return (
    <div className="mt-2 px-4">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-2.5 top-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          aria-label="Search cardholders"
          placeholder="Search cardholders..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-8"
        />
      </div>
      <div className="-mx-4 mt-2">
        {isPending ? (
          <div className="space-y-2 px-6 py-2" aria-label="Loading cardholders">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : isError ? (
          <p className="px-6 py-2 text-sm text-muted-foreground">Cardholders could not be loaded.</p>
        ) : matches.length === 0 ? (
          <EmptyState
            icon={Search}
            size="inline"
            action={
              search.trim() && (
                <Button variant="outline" size="sm" onClick={() => setSearch('')}>
                  Clear the search
                </Button>
              )
            }
          >
            {search.trim() ? 'No cardholders found' : 'No cardholders available'}
          </EmptyState>
        ) : (
          matches.map((c) => {
            const channel: Channel = { chatType: 'cardholder_success', partner: c.name };
            return (
              <ChannelButton
                key={c.id}
                selected={same(selected, channel)}
                onSelect={() => onSelect(channel)}
                unread={countOf(channel)}
              >
                <span>{c.name}</span>
                <span className="text-xs text-muted-foreground">{c.zone ?? 'No zone'}</span>
              </ChannelButton>
            );
          })
        )}
      </div>
    </div>
  );
}

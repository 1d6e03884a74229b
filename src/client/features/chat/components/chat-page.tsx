import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMe } from '@/features/auth/api/get-me';
import { useRealtimeStatus } from '@/lib/realtime';
import { cn } from '@/lib/utils';
import { CHAT_TYPE_BADGES, PARTNER_CHANNELS, type Channel } from '#shared/chat';
import { useMessages } from '../api/get-messages';
import { ChannelList } from './channel-list';
import { ChatSearch } from './chat-search';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

const DEFAULT_CHANNEL: Channel = { chatType: 'partner', partner: PARTNER_CHANNELS[0] };

export function ChatPage() {
  const { data: me } = useMe();
  const status = useRealtimeStatus();
  const [channel, setChannel] = useState<Channel>(DEFAULT_CHANNEL);
  // On a phone the channels and the conversation take turns (issue 27 item 1): the list first,
  // then the channel picked, with a way back. Wider screens show both; this state is ignored there.
  const [showList, setShowList] = useState(true);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLElement>(null);
  const narrow = () => !window.matchMedia('(min-width: 768px)').matches;
  const open = (next: Channel) => {
    setChannel(next);
    setShowList(false);
    // The button pressed disappears on a phone: the focus goes to the conversation it opened.
    if (narrow()) requestAnimationFrame(() => titleRef.current?.focus());
  };
  const back = () => {
    setShowList(true);
    // Back to the channel that was open, so the list reads on from where the person left it.
    requestAnimationFrame(() => {
      const list = listRef.current;
      (
        list?.querySelector<HTMLElement>('[aria-current="true"]') ?? list?.querySelector<HTMLElement>('button')
      )?.focus();
    });
  };
  const canSeeVip = Boolean(me?.permissions.cardholder_success);
  // Losing the VIP permission while a VIP channel is open moves the reader back to the default.
  const visibleChannel = channel.chatType === 'cardholder_success' && !canSeeVip ? DEFAULT_CHANNEL : channel;
  const messages = useMessages(visibleChannel);

  useEffect(() => {
    if (messages.isError) toast.error('Error loading messages', { description: messages.error.message });
  }, [messages.isError, messages.error]);

  const vip = visibleChannel.chatType === 'cardholder_success';
  return (
    <div className="-m-4 grid h-[calc(100dvh-4.25rem)] grid-rows-[auto_1fr] md:-m-8 md:h-dvh md:grid-cols-[18rem_1fr] md:grid-rows-1">
      <aside
        ref={listRef}
        className={cn(
          'row-span-2 min-h-0 overflow-hidden bg-card md:row-span-1 md:block md:border-r',
          !showList && 'hidden',
        )}
      >
        <ChannelList selected={visibleChannel} onSelect={open} showCardholders={canSeeVip} />
      </aside>
      <section
        className={cn('row-span-2 min-h-0 flex-col md:row-span-1 md:flex', showList ? 'hidden' : 'flex')}
        aria-label={`Channel ${visibleChannel.partner}`}
      >
        <header className="flex flex-wrap items-center gap-3 border-b bg-card px-4 py-3">
          <Button variant="ghost" size="icon" className="md:hidden" aria-label="Back to channels" onClick={back}>
            <ArrowLeft aria-hidden="true" />
          </Button>
          <h1 ref={titleRef} tabIndex={-1} className="text-lg font-semibold focus-visible:outline-none">
            # {visibleChannel.partner}
          </h1>
          <Badge variant={vip ? 'warning' : visibleChannel.chatType === 'coordinator' ? 'secondary' : 'default'}>
            {CHAT_TYPE_BADGES[visibleChannel.chatType]}
          </Badge>
          {status === 'reconnecting' && (
            <span role="status" className="ml-auto text-xs text-muted-foreground">
              Reconnecting…
            </span>
          )}
          <ChatSearch onOpen={open} />
        </header>
        <MessageList
          messages={messages.data}
          isPending={messages.isPending}
          currentUserId={me?.user.id}
          vip={vip}
          channelKey={`${visibleChannel.chatType}:${visibleChannel.partner}`}
        />
        <MessageComposer channel={visibleChannel} />
      </section>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { useMe } from '@/features/auth/api/get-me';
import { useRealtimeStatus } from '@/lib/realtime';
import { CHAT_TYPE_BADGES, PARTNER_CHANNELS, type Channel } from '#shared/chat';
import { useMessages } from '../api/get-messages';
import { ChannelList } from './channel-list';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

const DEFAULT_CHANNEL: Channel = { chatType: 'partner', partner: PARTNER_CHANNELS[0] };

export function ChatPage() {
  const { data: me } = useMe();
  const status = useRealtimeStatus();
  const [channel, setChannel] = useState<Channel>(DEFAULT_CHANNEL);
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
      <aside className="max-h-64 overflow-hidden border-b bg-card md:max-h-none md:border-b-0 md:border-r">
        <ChannelList selected={visibleChannel} onSelect={setChannel} showCardholders={canSeeVip} />
      </aside>
      <section className="flex min-h-0 flex-col" aria-label={`Channel ${visibleChannel.partner}`}>
        <header className="flex flex-wrap items-center gap-3 border-b bg-card px-4 py-3">
          <h1 className="text-lg font-semibold"># {visibleChannel.partner}</h1>
          <Badge variant={vip ? 'warning' : visibleChannel.chatType === 'coordinator' ? 'secondary' : 'default'}>
            {CHAT_TYPE_BADGES[visibleChannel.chatType]}
          </Badge>
          {status === 'reconnecting' && (
            <span role="status" className="ml-auto text-xs text-muted-foreground">
              Reconnecting…
            </span>
          )}
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

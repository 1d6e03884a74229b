import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMe } from '@/features/auth/api/get-me';
import { useRealtimeStatus } from '@/lib/realtime';
import { cn } from '@/lib/utils';
import { CHAT_TYPE_BADGES, PARTNER_CHANNELS, type Channel, type ChatMessage } from '#shared/chat';
import { mentionedIds } from '#shared/mentions';
import { loadOlderMessages, loadNewerMessages, useMessages } from '../api/get-messages';
import { useUnread } from '../api/get-unread';
import { sameChannel } from '../lib/unread-cache';
import { useMarkRead } from '../api/mark-read';
import { useMediaQuery } from '@/lib/use-media-query';
import { ChannelList } from './channel-list';
import { ChatSearch } from './chat-search';
import { DEFAULT_MAX_UPLOAD_MB } from '#shared/schemas/files';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';
import { PendingMessages } from './pending-messages';
import { useChannelFromUrl } from './use-channel-from-url';

const DEFAULT_CHANNEL: Channel = { chatType: 'partner', partner: PARTNER_CHANNELS[0] };

export function ChatPage() {
  const { data: me } = useMe();
  const status = useRealtimeStatus();
  const { linked, show: showInUrl } = useChannelFromUrl();
  const [channel, setChannel] = useState<Channel>(linked?.channel ?? DEFAULT_CHANNEL);
  /** The message a link opened the channel at; its page is centred on it. */
  const [around, setAround] = useState<number | undefined>(linked?.messageId);
  // On a phone, and on a tablet where the sidebar leaves about 500 px, the channels and the
  // conversation take turns (issue 27 item 1, decision 0155): the list first, then the channel
  // picked, with a way back. From 1,024 px both show; this state is ignored there.
  const [showList, setShowList] = useState(!linked);
  // A link followed while the page is open (the notification bell) opens its channel too.
  const linkKey = linked ? `${linked.channel.chatType}:${linked.channel.partner}:${linked.messageId}` : '';
  const [followedLink, setFollowedLink] = useState(linkKey);
  if (followedLink !== linkKey) {
    setFollowedLink(linkKey);
    if (linked) {
      setChannel(linked.channel);
      setAround(linked.messageId);
      setShowList(false);
    }
  }
  const titleRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLElement>(null);
  // Wide enough for the channel list and the conversation side by side (Tailwind's lg).
  const wide = useMediaQuery('(min-width: 1024px)');
  const open = (next: Channel) => {
    setChannel(next);
    setAround(undefined);
    showInUrl(next);
    setShowList(false);
    // The button pressed disappears on a phone: the focus goes to the conversation it opened.
    if (!wide) requestAnimationFrame(() => titleRef.current?.focus());
  };
  const back = () => {
    setShowList(true);
    // A reload shows the list again, as it was left.
    showInUrl(undefined);
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
  const messages = useMessages(visibleChannel, around);
  const queryClient = useQueryClient();
  const unread = useUnread(me?.user.id);
  const channelUnread = unread.data?.find((c) => sameChannel(c, visibleChannel));
  const channelKey = `${visibleChannel.chatType}:${visibleChannel.partner}`;

  // Where the reader had read to when they opened the channel: the "New messages" line.
  const [readUpTo, setReadUpTo] = useState<{ key: string; id: number } | undefined>(undefined);
  if (channelUnread && readUpTo?.key !== channelKey) setReadUpTo({ key: channelKey, id: channelUnread.lastReadId });

  // The channel on screen counts as read up to its latest message while the reader is at the
  // bottom, the tab is visible and the conversation is on screen; a read position only moves
  // forward, so repeats are harmless.
  const markRead = useMarkRead();
  const [atLatest, setAtLatest] = useState(true);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  const latestId = messages.data && !messages.data.hasNewer ? messages.data.messages.at(-1)?.id : undefined;
  const { mutate: markReadMutate } = markRead;
  // On a phone the channel list hides the conversation: nothing in it is read until it is opened.
  const conversationShown = wide || !showList;
  useEffect(() => {
    if (!visible || !conversationShown || !atLatest || latestId === undefined || !channelUnread) return;
    if (latestId <= channelUnread.lastReadId && channelUnread.count === 0) return;
    markReadMutate({ chatType: visibleChannel.chatType, partner: visibleChannel.partner, lastReadId: latestId });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the channel is named by channelKey
  }, [
    visible,
    conversationShown,
    atLatest,
    latestId,
    channelUnread?.lastReadId,
    channelUnread?.count,
    channelKey,
    markReadMutate,
  ]);

  const myNames = [me?.user.displayName, me?.user.name, me?.user.email.split('@')[0], me?.user.email];
  const mentionsMe = (m: ChatMessage) =>
    Boolean(me) && m.content.includes('@') && mentionedIds(m.content, [{ id: 'me', names: myNames }]).length > 0;

  useEffect(() => {
    if (messages.isError) toast.error('Error loading messages', { description: messages.error.message });
  }, [messages.isError, messages.error]);

  const vip = visibleChannel.chatType === 'cardholder_success';
  return (
    <div className="-m-4 grid h-[calc(100dvh-4.25rem-var(--offline-banner-height,0px))] grid-rows-[auto_1fr] md:-m-8 md:h-[calc(100dvh-var(--offline-banner-height,0px))] lg:grid-cols-[18rem_minmax(0,1fr)] lg:grid-rows-1">
      <aside
        ref={listRef}
        className={cn(
          'row-span-2 min-h-0 overflow-hidden bg-card lg:row-span-1 lg:block lg:border-r',
          !showList && 'hidden',
        )}
      >
        <ChannelList selected={visibleChannel} onSelect={open} showCardholders={canSeeVip} unread={unread.data ?? []} />
      </aside>
      <section
        className={cn('row-span-2 min-h-0 flex-col lg:row-span-1 lg:flex', showList ? 'hidden' : 'flex')}
        aria-label={`Channel ${visibleChannel.partner}`}
      >
        <header className="flex flex-wrap items-center gap-3 border-b bg-card px-4 py-3">
          <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Back to channels" onClick={back}>
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
          <ChatSearch />
        </header>
        <MessageList
          messages={messages.data?.messages}
          isPending={messages.isPending}
          currentUserId={me?.user.id}
          isAdmin={me?.role === 'admin'}
          vip={vip}
          channelKey={channelKey}
          hasOlder={messages.data?.hasOlder ?? false}
          hasNewer={messages.data?.hasNewer ?? false}
          loadOlder={() => loadOlderMessages(queryClient, visibleChannel, around)}
          loadNewer={() => loadNewerMessages(queryClient, visibleChannel, around)}
          jumpToLatest={() => {
            setAround(undefined);
            if (linked) showInUrl(visibleChannel);
          }}
          readUpTo={readUpTo?.key === channelKey ? readUpTo.id : undefined}
          focusId={around}
          mentionsMe={mentionsMe}
          onAtLatest={setAtLatest}
        />
        <PendingMessages channel={visibleChannel} />
        <MessageComposer channel={visibleChannel} maxUploadMb={messages.data?.maxUploadMb ?? DEFAULT_MAX_UPLOAD_MB} />
      </section>
    </div>
  );
}

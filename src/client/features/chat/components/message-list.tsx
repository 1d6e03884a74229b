import { formatDistance } from 'date-fns';
import { Crown, MessageSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import type { ChatMessage } from '#shared/chat';
import { MessageAttachments } from './message-attachments';
import { useNow } from './use-now';

const SCROLL_DELAY_MS = 100;

/** 'x ago'. `now` ticks every 30 s, so a message newer than the last tick counts from itself. */
function relativeTime(created: Date, now: Date): string {
  return formatDistance(created, created > now ? created : now, { addSuffix: true });
}

/**
 * Oldest first. Scrolls to the bottom 100 ms after a channel loads, and again when a message
 * arrives while the reader is at the bottom (not when they have scrolled up to read).
 */
export function MessageList({
  messages,
  isPending,
  currentUserId,
  vip,
  channelKey,
}: {
  messages: ChatMessage[] | undefined;
  isPending: boolean;
  currentUserId: string | undefined;
  vip: boolean;
  channelKey: string;
}) {
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);

  const scrollToBottomSoon = () =>
    setTimeout(() => {
      const el = scroller.current;
      if (el) el.scrollTop = el.scrollHeight;
    }, SCROLL_DELAY_MS);

  // A newly selected channel starts at the bottom once its messages are in.
  useEffect(() => {
    atBottom.current = true;
  }, [channelKey]);
  const count = messages?.length ?? 0;
  useLayoutEffect(() => {
    if (!atBottom.current || isPending) return;
    const timer = scrollToBottomSoon();
    return () => clearTimeout(timer);
  }, [count, isPending, channelKey]);

  if (isPending) {
    return (
      <div className="flex-1 space-y-4 p-4" aria-label="Loading messages">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className={cn('h-14 w-2/3', i % 2 && 'ml-auto')} />
        ))}
      </div>
    );
  }

  if (!messages || messages.length === 0) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center text-muted-foreground">
        {vip ? (
          <Crown className="size-10 text-amber-500" aria-hidden="true" />
        ) : (
          <MessageSquare className="size-10" aria-hidden="true" />
        )}
        {vip && <p className="text-lg font-semibold text-foreground">Exclusive VIP Cardholder Success Team Chat</p>}
        <p>No messages yet in this channel. Start the conversation!</p>
      </div>
    );
  }

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Messages"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
      className="flex-1 space-y-3 overflow-y-auto p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
    >
      {messages.map((m) => {
        const own = m.userId !== null && m.userId === currentUserId;
        return (
          <div key={m.id} className={cn('flex flex-col', own ? 'items-end' : 'items-start')}>
            <div className="mb-1 flex items-baseline gap-2 text-xs text-muted-foreground">
              <span className="font-medium text-foreground">{own ? 'You' : m.userName}</span>
              <time dateTime={m.createdAt} title={new Date(m.createdAt).toLocaleString()}>
                {relativeTime(new Date(m.createdAt), now)}
              </time>
            </div>
            <p
              className={cn(
                'max-w-[70%] whitespace-pre-wrap break-words rounded-2xl px-4 py-2 text-sm shadow-sm',
                own ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-card border',
                // Files sent without text: no empty bubble above them.
                m.content === '' && m.attachments.length > 0 && 'hidden',
              )}
            >
              {m.content}
            </p>
            <MessageAttachments attachments={m.attachments} own={own} />
          </div>
        );
      })}
    </div>
  );
}

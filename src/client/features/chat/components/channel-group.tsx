import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { unreadLabel } from '#shared/chat';

/** A collapsible group of channels, open by default. */
export function ChannelGroup({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const regionId = useId();
  return (
    <section className="border-b last:border-b-0">
      <h2>
        <button
          type="button"
          className="flex w-full items-center justify-between px-4 py-3 text-left text-sm font-semibold hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((o) => !o)}
        >
          {title}
          <ChevronDown className={cn('size-4 transition-transform', !open && '-rotate-90')} aria-hidden="true" />
        </button>
      </h2>
      <div id={regionId} hidden={!open} className="pb-2">
        {children}
      </div>
    </section>
  );
}

export function ChannelButton({
  selected,
  onSelect,
  unread = 0,
  children,
}: {
  selected: boolean;
  onSelect: () => void;
  /** Unread messages (capped: "99+"), shown as a badge and read out after the name. */
  unread?: number;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-current={selected ? 'true' : undefined}
      onClick={onSelect}
      className={cn(
        'relative flex w-full flex-col items-start px-6 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
        selected && 'bg-accent font-medium text-accent-foreground',
        unread > 0 && 'pr-14 font-semibold',
      )}
    >
      {children}
      {unread > 0 && (
        <span
          data-testid="channel-unread"
          className="absolute right-4 top-2 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white"
        >
          {unreadLabel(unread)}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </button>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * What a list shows when it has nothing (issue 27 item 8): an icon, a sentence, and the next step
 * as a button or link when the person may take it ("Add a partner", "Clear the search"). Every
 * list screen uses it, so an empty screen always says what to do next. Texts SPEC.md quotes
 * ('No partners found') are passed as they are.
 *
 * `size="page"` is a screen's main list (a dashed box); `size="inline"` sits in a card or a panel.
 */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  size = 'page',
  className,
}: {
  icon: LucideIcon;
  /** A heading above the sentence, for a screen that needs one (chat's VIP channels). */
  title?: ReactNode;
  /** The sentence. */
  children: ReactNode;
  /** The next step: a `Button`, or a `Button asChild` around a link. */
  action?: ReactNode;
  size?: 'page' | 'inline';
  className?: string;
}) {
  const page = size === 'page';
  return (
    <div
      data-empty-state
      className={cn(
        'flex flex-col items-center text-center',
        page ? 'gap-3 rounded-lg border border-dashed bg-card px-6 py-10' : 'gap-2 px-4 py-6 text-sm',
        className,
      )}
    >
      <span
        className={cn('flex items-center justify-center rounded-full bg-muted', page ? 'size-12' : 'size-9')}
        aria-hidden="true"
      >
        <Icon className={cn('text-muted-foreground', page ? 'size-6' : 'size-4')} />
      </span>
      {title && <p className={cn('font-semibold text-foreground', page && 'text-lg')}>{title}</p>}
      <p className="max-w-prose text-muted-foreground">{children}</p>
      {action && <div className="flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}

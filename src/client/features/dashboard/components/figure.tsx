import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A dashboard value: a skeleton while loading, the value, or, when its query failed on the
 * server (null), a dash that says so to screen readers. The skeleton is sized for the text it
 * stands for (`size`): one of the big figure's size beside a small one overflowed its place and
 * lay over the next label (issue 27 item 8).
 */
export function Figure({
  loading,
  value,
  className,
  size = 'large',
}: {
  loading: boolean;
  value: ReactNode | null | undefined;
  className?: string;
  size?: 'large' | 'small';
}) {
  if (loading) {
    return (
      <Skeleton
        data-testid="figure-loading"
        className={
          size === 'large'
            ? 'inline-block h-7 w-20 max-w-full align-middle'
            : 'inline-block h-4 w-12 max-w-full align-middle'
        }
      />
    );
  }
  if (value === null || value === undefined) {
    return (
      <span className={className} title="This figure could not be loaded">
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not available</span>
      </span>
    );
  }
  return <span className={className}>{value}</span>;
}

import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * A dashboard value: a skeleton while loading, the value, or, when its query failed on the
 * server (null), a dash that says so to screen readers.
 */
export function Figure({
  loading,
  value,
  className,
}: {
  loading: boolean;
  value: ReactNode | null | undefined;
  className?: string;
}) {
  if (loading) return <Skeleton className="inline-block h-7 w-20 align-middle" />;
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

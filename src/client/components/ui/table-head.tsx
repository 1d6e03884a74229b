import { cn } from '@/lib/utils';

/**
 * A data table's header row: one column header per label, for screen readers too (scope="col").
 * The compact tables (a partner's gifts, the email outbox) share it.
 */
export function TableHead({ labels, className }: { labels: string[]; className?: string }) {
  return (
    <thead className={cn('bg-muted text-left', className)}>
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className="px-3 py-2 font-medium">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

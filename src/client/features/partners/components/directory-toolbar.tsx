import { LayoutGrid, Table2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { PartnerFilters } from '../api/list-partners';
import { usePartnerCount } from '../api/partner-tags';

export const DIRECTORY_VIEWS = ['cards', 'table'] as const;
export type DirectoryView = (typeof DIRECTORY_VIEWS)[number];

/**
 * Above the directory (issue 27 item 9): how many partners the search and filters match, the
 * order, and cards or a table. The count is its own request, so the first page never waits
 * for it; it is said to screen readers when it changes.
 */
export function DirectoryToolbar({
  filters,
  onSort,
  view,
  onView,
}: {
  filters: PartnerFilters;
  onSort: (sort: PartnerFilters['sort']) => void;
  view: DirectoryView;
  onView: (view: DirectoryView) => void;
}) {
  const id = useId();
  const count = usePartnerCount(filters);
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="partner-count">
        {count.data === undefined
          ? count.isError
            ? 'The count could not be loaded'
            : '\u00a0'
          : `${count.data.toLocaleString()} ${count.data === 1 ? 'partner' : 'partners'}`}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-sort`} className="whitespace-nowrap">
            Sort by
          </Label>
          <NativeSelect
            id={`${id}-sort`}
            value={filters.sort ?? ''}
            onChange={(e) => onSort((e.target.value || undefined) as PartnerFilters['sort'])}
          >
            <option value="">Name</option>
            <option value="lastContact">Latest contact</option>
            <option value="newest">Newest</option>
          </NativeSelect>
        </div>
        <div role="group" aria-label="View" className="flex rounded-md border p-0.5">
          <Button
            type="button"
            size="sm"
            variant={view === 'cards' ? 'secondary' : 'ghost'}
            aria-pressed={view === 'cards'}
            onClick={() => onView('cards')}
          >
            <LayoutGrid aria-hidden="true" />
            Cards
          </Button>
          <Button
            type="button"
            size="sm"
            variant={view === 'table' ? 'secondary' : 'ghost'}
            aria-pressed={view === 'table'}
            onClick={() => onView('table')}
          >
            <Table2 aria-hidden="true" />
            Table
          </Button>
        </div>
      </div>
    </div>
  );
}

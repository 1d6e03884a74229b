import { Download, Filter, Loader2, Plus, Search, Upload, Users, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { ShowMore } from '@/components/show-more';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useStoredChoice } from '@/lib/stored-choice';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePartnerList, type Partner, type PartnerFilters } from '../api/list-partners';
import { useZones } from '../api/list-zones';
import { filterQuery } from '../api/partner-tags';
import { AddPartnerDialog } from './add-partner-dialog';
import { BulkTagDialog } from './bulk-tag-dialog';
import { DIRECTORY_VIEWS, DirectoryToolbar } from './directory-toolbar';
import { ManageTagsDialog } from './manage-tags-dialog';
import { PartnerCard } from './partner-card';
import { PartnerDetailsDialog } from './partner-details-dialog';
import { NO_FILTERS, PartnerFilterPanel } from './partner-filters';
import { PartnerTable } from './partner-table';
import { LinkedPartnerDetails } from './linked-partner-details';
import { browserTimeZone } from '@/lib/time-zone';

const STATUSES = new Set(['active', 'inactive']);
const CARDHOLDER = new Set(['true', 'false']);
const TAG_IDS = /^[0-9a-f-]{36}(,[0-9a-f-]{36})*$/i;
const SORTS = new Set(['lastContact', 'newest']);

/** Search and filters live in the URL, so a filtered directory can be bookmarked or shared. */
function useFiltersFromUrl() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const cardholder = params.get('cardholder') ?? '';
  const filters: PartnerFilters = {
    q: params.get('q')?.trim() || undefined,
    status: STATUSES.has(status) ? (status as PartnerFilters['status']) : undefined,
    zone: params.get('zone') || undefined,
    cardholder: CARDHOLDER.has(cardholder) ? (cardholder as PartnerFilters['cardholder']) : undefined,
    tags: TAG_IDS.test(params.get('tags') ?? '') ? params.get('tags')! : undefined,
    match: params.get('match') === 'all' ? 'all' : undefined,
    archived: params.get('archived') === 'true' ? 'true' : undefined,
    sort: SORTS.has(params.get('sort') ?? '') ? (params.get('sort') as PartnerFilters['sort']) : undefined,
  };
  const update = useCallback(
    (changes: Partial<PartnerFilters>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update] as const;
}

export function PartnersPage() {
  const [filters, updateFilters] = useFiltersFromUrl();
  const [search, setSearch] = useState(filters.q ?? '');
  const debouncedSearch = useDebouncedValue(search, 300);
  const [filtersOpen, setFiltersOpen] = useState(
    Boolean(filters.status || filters.zone || filters.cardholder || filters.tags || filters.archived),
  );
  const [adding, setAdding] = useState(false);
  const [selected, setSelected] = useState<Partner | null>(null);
  // The "View Details" button that opened the details: the focus goes back there (issue 27).
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const filterPanelId = useId();
  const [view, setView] = useStoredChoice('partners.view', DIRECTORY_VIEWS, 'cards');
  const openDetails = (partner: Partner, button: HTMLElement) => {
    setOpener(button);
    setSelected(partner);
  };

  const urlSearch = filters.q;
  useEffect(() => {
    const next = debouncedSearch.trim() || undefined;
    if (next !== urlSearch) updateFilters({ q: next });
  }, [debouncedSearch, urlSearch, updateFilters]);

  const list = usePartnerList(filters);
  const { data: zones = [] } = useZones();
  const partners = list.data?.pages.flatMap((page) => page.partners) ?? [];
  const activeFilters = [filters.status, filters.zone, filters.cardholder, filters.tags, filters.archived].filter(
    Boolean,
  ).length;
  // The search box's text reaches the address through its debounce, as when it is typed. The
  // button goes with the empty list it stood in: the focus goes to the emptied search box.
  const searchBox = useRef<HTMLInputElement>(null);
  const clearAll = () => {
    setSearch('');
    searchBox.current?.focus();
    updateFilters(NO_FILTERS);
  };
  const exportHref = `/api/partners/export.csv?${new URLSearchParams({ ...filterQuery(filters), tz: browserTimeZone() ?? 'UTC' })}`;

  return (
    <>
      <PageHeader
        title="Ministry Partners"
        description="Keep in touch with the people and churches who support the ministry."
        actions={
          <>
            <ManageTagsDialog />
            <BulkTagDialog filters={filters} />
            <Button variant="outline" asChild>
              <a href={exportHref} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
            {/* Issue 20 item 4: the shared import wizard for partners. */}
            <Button variant="outline" asChild>
              <Link to="/partners/import">
                <Upload aria-hidden="true" />
                Import partners
              </Link>
            </Button>
            <AddPartnerDialog zones={zones} open={adding} onOpenChange={setAdding} />
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div className="relative min-w-64 flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            ref={searchBox}
            type="search"
            aria-label="Search partners"
            placeholder="Search by name, email or location..."
            className="pl-9"
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Button
          variant="outline"
          aria-expanded={filtersOpen}
          aria-controls={filterPanelId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <Filter aria-hidden="true" />
          Filter
        </Button>
        {activeFilters > 0 && (
          <span className="text-sm text-muted-foreground">
            {activeFilters} {activeFilters === 1 ? 'filter' : 'filters'} on
          </span>
        )}
      </div>
      {filtersOpen && (
        <PartnerFilterPanel
          id={filterPanelId}
          values={{
            status: filters.status,
            zone: filters.zone,
            cardholder: filters.cardholder,
            tags: filters.tags,
            match: filters.match,
            archived: filters.archived,
          }}
          zones={zones}
          onChange={updateFilters}
        />
      )}

      <DirectoryToolbar filters={filters} onSort={(sort) => updateFilters({ sort })} view={view} onView={setView} />

      {list.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Loader2 className="size-5 animate-spin" aria-hidden="true" />
          Loading partners...
        </p>
      ) : list.isError && partners.length === 0 ? (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 p-6">
            <p role="alert">The partners could not be loaded: {list.error.message}</p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : partners.length === 0 ? (
        <EmptyState
          icon={Users}
          action={
            filters.q || activeFilters > 0 ? (
              <Button variant="outline" onClick={clearAll}>
                <X aria-hidden="true" />
                Clear search and filters
              </Button>
            ) : (
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                Add a partner
              </Button>
            )
          }
        >
          No partners found
        </EmptyState>
      ) : (
        <>
          {view === 'table' ? (
            <div aria-busy={list.isPlaceholderData}>
              <PartnerTable partners={partners} onView={openDetails} />
            </div>
          ) : (
            // Columns by the list's own width (decision 0155): beside a tablet's sidebar two
            // columns left a card 230 px, and "Cornerstone" broke in the middle of the word.
            <div className="@container">
              <div
                className="grid grid-cols-1 gap-4 @xl:grid-cols-2 @4xl:grid-cols-3"
                aria-busy={list.isPlaceholderData}
              >
                {partners.map((partner) => (
                  <PartnerCard key={partner.id} partner={partner} onView={(button) => openDetails(partner, button)} />
                ))}
              </div>
            </div>
          )}
          <ShowMore
            query={list}
            items='[data-testid="partner-card"], tbody > tr'
            label="Load more"
            loadingLabel="Loading more..."
          />
        </>
      )}
      <LinkedPartnerDetails zones={zones} />
      {selected && (
        <PartnerDetailsDialog
          key={selected.id}
          partner={selected}
          zones={zones}
          opener={opener}
          onClose={() => setSelected(null)}
        />
      )}
    </>
  );
}

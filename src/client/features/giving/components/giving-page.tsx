import { Download, HandCoins, Plus, Upload, X } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ShowMore } from '@/components/show-more';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { browserTimeZone } from '@/lib/time-zone';
import { useMe } from '@/features/auth/api/get-me';
import { useMoney } from '@/features/organization/api/use-money';
import { AddDonationDialog } from '../widgets/add-donation-dialog';
import { useGifts, type Gift } from '../api/list-gifts';
import { giftFilterParams, giftServerQuery, readGiftFilters } from '../lib/gift-filters';
import { DonorInsights } from './donor-insights';
import { EditGiftDialog } from './edit-gift-dialog';
import { GiftFiltersForm } from './gift-filters-form';
import { GiftHistoryDialog } from './gift-history-dialog';
import { GiftsTable, type GiftAction } from './gifts-table';
import { UnlinkedGiftsDialog } from './unlinked-gifts-dialog';
import { StatementsCard } from './statements-card';
import { VoidGiftDialog } from './void-gift-dialog';

/**
 * /giving (issue 19): every gift, filtered by what the address bar holds, with the count and the
 * sum of the filtered set; corrections, voids and each gift's history. Holders of Giving
 * Records only (the route guard, and the server on every call).
 */
export function GivingPage() {
  const [params, setParams] = useSearchParams();
  const money = useMoney();
  const values = useMemo(() => readGiftFilters(params), [params]);
  // The bounds of "this month" are taken when the filters change, not on every render.
  const query = useMemo(() => giftServerQuery(values, new Date()), [values]);
  const gifts = useGifts(query);
  const rows = gifts.data?.pages.flatMap((page) => page.gifts) ?? [];
  const summary = gifts.data?.pages[0]?.summary;
  const exportHref = `/api/giving/gifts.csv?${new URLSearchParams({ ...query, tz: browserTimeZone() ?? 'UTC' })}`;
  // The defaults leave nothing in the address: anything there is a filter the person chose.
  const filtered = Object.keys(giftFilterParams(values)).length > 0;

  // The dialog stays mounted while it closes, so its focus scope lets go before the focus returns.
  const [selected, setSelected] = useState<{ action: GiftAction; gift: Gift; opener: HTMLElement } | null>(null);
  const [open, setOpen] = useState(false);
  // Only admins add gifts (D4); the empty list offers them the dialog.
  const isAdmin = useMe().data?.role === 'admin';
  const [adding, setAdding] = useState(false);
  const close = () => setOpen(false);
  const summaryId = useId();
  // Once a gift is voided its Void button is gone, and a gift edited out of the filters (a date
  // moved to an earlier month) is gone with its row (the list was read again before the dialog
  // closed): the focus goes to its row's first button if it is still listed, else to the count.
  const afterChange = (gift: Gift, opener: HTMLElement) => () =>
    opener.isConnected
      ? opener
      : (document.querySelector<HTMLElement>(`[data-gift-id="${gift.id}"] button`) ??
        document.getElementById(summaryId));

  return (
    <>
      <PageHeader
        title="Giving"
        description="Every gift recorded: find, correct or void one, and export what you need."
        actions={
          <>
            {/* Only admins record gifts (D4); until now only the dashboard's card offered it. */}
            {isAdmin && (
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                Add Donation
              </Button>
            )}
            {/* Issue 19 item 6: the shared import wizard for gifts. */}
            <Button variant="outline" asChild>
              <Link to="/giving/import">
                <Upload aria-hidden="true" />
                Import gifts
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <a href={exportHref} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
            <UnlinkedGiftsDialog />
          </>
        }
      />
      <GiftFiltersForm values={values} onChange={(next) => setParams(giftFilterParams(next), { replace: true })} />
      {summary && (
        <p id={summaryId} tabIndex={-1} className="mb-3 text-sm" role="status" data-testid="gifts-summary">
          <span className="font-semibold">
            {summary.count} {summary.count === 1 ? 'gift' : 'gifts'}
          </span>
          , totalling <span className="font-semibold">{money.format(summary.total)}</span>
          {/* The count includes the voided gifts listed; the total never does. */}
          {values.voided && (
            <span className="text-muted-foreground"> (voided gifts are among them, not in the total)</span>
          )}
        </p>
      )}
      {gifts.isPending && <Skeleton className="h-40 w-full" />}
      {gifts.isError && (
        <LoadError title="The gifts could not be loaded" error={gifts.error} onRetry={() => gifts.refetch()} />
      )}
      {gifts.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={HandCoins}
          action={
            filtered ? (
              <Button variant="outline" onClick={() => setParams({}, { replace: true })}>
                <X aria-hidden="true" />
                Clear the filters
              </Button>
            ) : isAdmin ? (
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" />
                Add a donation
              </Button>
            ) : (
              <Button variant="outline" asChild>
                <Link to="/giving/import">
                  <Upload aria-hidden="true" />
                  Import gifts
                </Link>
              </Button>
            )
          }
        >
          {filtered ? 'No gifts match these filters.' : 'No gifts recorded this month yet.'}
        </EmptyState>
      )}
      {rows.length > 0 && (
        <div aria-busy={gifts.isPlaceholderData}>
          <GiftsTable
            gifts={rows}
            onAction={(action, gift, opener) => {
              setSelected({ action, gift, opener });
              setOpen(true);
            }}
          />
        </div>
      )}
      <ShowMore query={gifts} />
      <DonorInsights />
      {/* Year-end statements (issue 19 item 4): a separate card below the list and the insights. */}
      <div className="mt-8">
        <StatementsCard />
      </div>
      {isAdmin && <AddDonationDialog open={adding} onOpenChange={setAdding} />}
      {selected?.action === 'edit' && (
        <EditGiftDialog
          key={`${selected.gift.id}-${selected.gift.version}`}
          gift={selected.gift}
          open={open}
          onClose={close}
          returnFocusTo={afterChange(selected.gift, selected.opener)}
        />
      )}
      {selected?.action === 'void' && (
        <VoidGiftDialog
          key={`${selected.gift.id}-${selected.gift.version}`}
          gift={selected.gift}
          open={open}
          onClose={close}
          returnFocusTo={afterChange(selected.gift, selected.opener)}
        />
      )}
      {selected?.action === 'history' && (
        <GiftHistoryDialog gift={selected.gift} open={open} onClose={close} returnFocusTo={selected.opener} />
      )}
    </>
  );
}

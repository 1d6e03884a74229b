import { DollarSign } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { useMoney } from '@/features/organization/api/use-money';
import type { DashboardSummary } from '../api/get-dashboard-summary';
import { Figure } from './figure';

/**
 * The Monthly Giving card (SPEC.md section 2): this month's total, the change from last month,
 * Donors, Average Gift and Recurring. For admins the whole card opens the Add Donation dialog;
 * holders of Giving Records also get "View all gifts".
 */
export function MonthlyGivingCard({
  giving,
  loading,
  canAdd,
  canViewGifts,
  onAdd,
}: {
  giving: DashboardSummary['giving'] | undefined;
  loading: boolean;
  canAdd: boolean;
  /** Holders of Giving Records get a link to every gift (issue 19). */
  canViewGifts: boolean;
  onAdd: () => void;
}) {
  const money = useMoney();
  const usd = (amount: string | undefined) => (amount === undefined ? undefined : money.whole(amount));
  const missing = !loading && giving === null;
  const change = giving?.changePercent;
  return (
    <Card
      className={cn(
        'relative h-full p-6',
        canAdd && 'transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md',
      )}
      data-testid="monthly-giving"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">Monthly Giving</h2>
        <DollarSign className="size-5 text-primary" aria-hidden="true" />
      </div>
      <p className="mt-2 text-3xl font-bold" data-testid="giving-total">
        <Figure loading={loading} value={missing ? null : usd(giving?.total)} />
      </p>
      {change && (
        <p
          className={cn('mt-1 text-sm', change.startsWith('-') ? 'text-destructive' : 'text-emerald-700')}
          data-testid="giving-change"
        >
          {change}% from last month
        </p>
      )}
      {/*
        One row per figure, label left and value right: three columns side by side left each about
        55 px at 1280 px wide, so "Average Gift" wrapped (issue 27 item 8). A long value wraps
        under its label instead of running into it.
      */}
      <dl className="mt-4 space-y-1 text-sm">
        <GivingFigure label="Donors" testId="giving-donors" loading={loading} value={missing ? null : giving?.donors} />
        <GivingFigure
          label="Average Gift"
          testId="giving-average"
          loading={loading}
          value={missing ? null : usd(giving?.averageGift)}
        />
        <GivingFigure
          label="Recurring"
          testId="giving-recurring"
          loading={loading}
          value={missing ? null : usd(giving?.recurring)}
        />
      </dl>
      {canViewGifts && (
        // Above the stretched "add" button, so it stays a link of its own.
        <Link
          to="/giving"
          className="relative z-10 mt-4 mr-4 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          View all gifts
        </Link>
      )}
      {canAdd && (
        // The button stretches over the whole card, so clicking anywhere on it adds a gift.
        <button
          type="button"
          onClick={onAdd}
          aria-haspopup="dialog"
          className="mt-4 text-sm font-medium text-primary after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none"
        >
          Click to add<span className="sr-only"> a donation</span>
        </button>
      )}
    </Card>
  );
}

function GivingFigure({
  label,
  testId,
  loading,
  value,
}: {
  label: string;
  testId: string;
  loading: boolean;
  value: ReactNode | null | undefined;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <dt className="whitespace-nowrap text-muted-foreground">{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        <Figure loading={loading} value={value} size="small" />
      </dd>
    </div>
  );
}

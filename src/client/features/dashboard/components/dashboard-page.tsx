import { Calendar, CheckSquare, Users } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useMe } from '@/features/auth/api/get-me';
import { browserTimeZone } from '@/lib/time-zone';
import { useDashboardSummary } from '../api/get-dashboard-summary';
import { RecentActivity, UpcomingTasks } from './activity-lists';
import { AddDonationDialog } from '@/features/giving/widgets/add-donation-dialog';
import { ContinueOnboardingCard } from '@/features/onboarding/widgets/continue-onboarding-card';
import { GivingChart } from './giving-chart';
import { MonthlyGivingCard } from './monthly-giving-card';
import { StatCard } from './stat-card';

function signed(change: number): string {
  if (change === 0) return 'No change from last week';
  return `${change > 0 ? '+' : ''}${change} from last week`;
}

export function DashboardPage() {
  const { data: me } = useMe();
  const { data, isPending, isError, refetch } = useDashboardSummary();
  const [adding, setAdding] = useState(false);

  const isAdmin = me?.role === 'admin';
  const loading = isPending;
  const zone = browserTimeZone();

  return (
    <>
      <PageHeader
        title="Welcome to Your Ministry Dashboard"
        description="Giving, partners, tasks and events at a glance."
      />
      <ContinueOnboardingCard show={me?.role === 'coordinator' && me.permissions.more === true} />
      {isError && (
        <Card className="mb-6 border-destructive/40">
          <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
            <p role="alert">The dashboard could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4 [&>*]:min-w-0">
        <MonthlyGivingCard
          giving={data?.giving}
          loading={loading}
          canAdd={isAdmin}
          canViewGifts={me?.permissions.giving === true}
          onAdd={() => setAdding(true)}
        />
        <StatCard title="Active Partners" to="/partners" icon={Users} loading={loading} value={data?.activePartners} />
        <StatCard
          title="Pending Tasks"
          to="/tasks"
          icon={CheckSquare}
          loading={loading}
          value={data?.pendingTasks?.count ?? (data ? null : undefined)}
          detail={data?.pendingTasks ? signed(data.pendingTasks.change) : undefined}
        />
        <StatCard
          title="Upcoming Events"
          to="/calendar"
          icon={Calendar}
          loading={loading}
          value={data?.upcomingEvents}
        />
      </div>
      {data?.months && (
        <div className="mt-6">
          <GivingChart months={data.months} />
        </div>
      )}
      {data && zone && data.timeZone !== zone && (
        <p className="mt-2 text-xs text-muted-foreground">Months are counted in {data.timeZone}.</p>
      )}
      {/* min-w-0: a long title truncates inside its card instead of widening the grid (issue 27). */}
      <div className="mt-6 grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <RecentActivity items={data?.recentActivity} loading={loading} />
        <UpcomingTasks items={data?.upcomingTasks} loading={loading} />
      </div>
      {isAdmin && <AddDonationDialog open={adding} onOpenChange={setAdding} />}
    </>
  );
}

import { format } from 'date-fns';
import { CalendarClock, Gift, ListTodo, UserPlus, PhoneCall, Users, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { useMoney, type Money } from '@/features/organization/api/use-money';
import { TaskPriorityBadge } from '@/features/tasks/widgets/task-badges';
import { DATE_FORMAT } from '#shared/format';
import type { DashboardSummary } from '../api/get-dashboard-summary';
import { activityWhen, localDate } from '../lib/activity-when';

type Activity = NonNullable<DashboardSummary['recentActivity']>[number];
type UpcomingTask = NonNullable<DashboardSummary['upcomingTasks']>[number];

function todayKey(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The list's next step when it is empty: its screen, for those who hold it. */
function GoTo({ to, label, held }: { to: string; label: string; held: boolean }) {
  if (!held) return null;
  return (
    <Button variant="outline" size="sm" asChild>
      <Link to={to}>{label}</Link>
    </Button>
  );
}

function ListCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function ListState({
  loading,
  failed,
  empty,
  emptyText,
  emptyIcon,
  emptyAction,
}: {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  emptyText: string;
  emptyIcon: LucideIcon;
  emptyAction?: ReactNode;
}) {
  if (loading) {
    return (
      <div className="space-y-3" aria-hidden="true">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (failed)
    return <p className="text-sm text-muted-foreground">This list could not be loaded. It will try again shortly.</p>;
  if (empty)
    return (
      <EmptyState icon={emptyIcon} size="inline" action={emptyAction}>
        {emptyText}
      </EmptyState>
    );
  return null;
}

function describe(item: Activity, money: Money, now: Date): { icon: typeof Gift; text: string; when: string } {
  switch (item.kind) {
    case 'gift':
      return {
        icon: Gift,
        text: `${item.donationType === 'monthly' ? 'Monthly gift' : 'Gift'} of ${money.format(item.amount)}`,
        when: activityWhen({ at: item.at }, now),
      };
    case 'contacted':
      return { icon: PhoneCall, text: 'Contacted', when: activityWhen({ day: item.date }, now) };
    case 'added':
      return {
        icon: UserPlus,
        text: 'Joined as a partner',
        when: activityWhen({ at: item.at }, now),
      };
  }
}

/** 'Recent Partner Activity' (D9); every item leads to /partners. */
export function RecentActivity({ items, loading }: { items: Activity[] | null | undefined; loading: boolean }) {
  const money = useMoney();
  const permissions = useMe().data?.permissions;
  const now = new Date();
  return (
    <ListCard title="Recent Partner Activity">
      <ListState
        loading={loading}
        failed={items === null}
        empty={items?.length === 0}
        emptyText="No partner activity yet."
        emptyIcon={Users}
        emptyAction={<GoTo to="/partners" label="Go to Partners" held={permissions?.partners === true} />}
      />
      {items && items.length > 0 && (
        <ul className="divide-y">
          {items.map((item) => {
            const { icon: Icon, text, when } = describe(item, money, now);
            return (
              <li key={item.key}>
                <Link
                  to="/partners"
                  className="flex items-center gap-3 rounded-md px-2 py-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{item.partnerName}</span>
                    <span className="block text-sm text-muted-foreground">{text}</span>
                  </span>
                  <span className="shrink-0 text-xs text-muted-foreground">{when}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </ListCard>
  );
}

/** 'Upcoming Tasks' (D9): next tasks by due date; every item leads to /tasks. */
export function UpcomingTasks({ items, loading }: { items: UpcomingTask[] | null | undefined; loading: boolean }) {
  const today = todayKey();
  const permissions = useMe().data?.permissions;
  return (
    <ListCard title="Upcoming Tasks">
      <ListState
        loading={loading}
        failed={items === null}
        empty={items?.length === 0}
        emptyText="No upcoming tasks."
        emptyIcon={ListTodo}
        emptyAction={<GoTo to="/tasks" label="Go to Tasks" held={permissions?.tasks === true} />}
      />
      {items && items.length > 0 && (
        <ul className="divide-y">
          {items.map((task) => {
            const overdue = task.dueDate !== null && task.dueDate < today;
            return (
              <li key={task.id}>
                <Link
                  to="/tasks"
                  className="flex items-center gap-3 rounded-md px-2 py-3 hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <CalendarClock className="size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{task.title}</span>
                    {task.partnerName && (
                      <span className="block truncate text-sm text-muted-foreground">
                        <span className="sr-only">Partner: </span>
                        {task.partnerName}
                      </span>
                    )}
                    <span
                      className={overdue ? 'block text-sm text-destructive' : 'block text-sm text-muted-foreground'}
                    >
                      {task.dueDate
                        ? `${overdue ? 'Overdue since' : 'Due'} ${format(localDate(task.dueDate), DATE_FORMAT)}`
                        : 'No due date'}
                    </span>
                  </span>
                  <TaskPriorityBadge priority={task.priority} />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </ListCard>
  );
}

import { addDays, format } from 'date-fns';
import { ListChecks, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { useCreateTask } from '@/features/tasks/api/create-task';
import { ApiError } from '@/lib/api';
import { useMoney } from '@/features/organization/api/use-money';
import { DATE_FORMAT } from '#shared/format';
import { createTaskSchema } from '#shared/schemas/tasks';
import { useDonorInsights, type InsightDonor } from '../api/get-insights';

const LISTS = [
  {
    key: 'firstTime',
    title: 'First-time donors this month',
    description: 'Gave for the first time: a thank-you goes a long way.',
    empty: 'No first-time donors this month yet.',
    reason: 'Thank them for their first gift',
  },
  {
    key: 'lapsed',
    title: 'Lapsed donors',
    description: 'Gave in the year before, nothing in the last 90 days.',
    empty: 'No lapsed donors.',
    reason: 'They have not given in the last 90 days',
  },
  {
    key: 'monthlyMissing',
    title: 'Monthly gifts not in yet',
    description: 'Gave monthly last month, nothing this month so far.',
    empty: 'Every monthly donor has given this month.',
    reason: 'Their monthly gift has not arrived this month',
  },
] as const;

/** Who to thank and who to call (issue 19 item 7); each row links to the partner. */
export function DonorInsights() {
  const insights = useDonorInsights();
  return (
    <section aria-labelledby="donor-insights" className="mt-8">
      <h2 id="donor-insights" className="mb-3 text-xl font-semibold">
        Donor insights
      </h2>
      {insights.isPending && <Skeleton className="h-32 w-full" />}
      {insights.isError && (
        <LoadError title="The insights could not be loaded" error={insights.error} onRetry={() => insights.refetch()} />
      )}
      {insights.data && (
        <div className="grid gap-4 lg:grid-cols-3">
          {LISTS.map((list) => {
            const { count, donors } = insights.data[list.key];
            return (
              <Card key={list.key} data-testid={`insight-${list.key}`}>
                <CardHeader>
                  <CardTitle className="text-base">
                    {list.title} <span className="text-muted-foreground">({count})</span>
                  </CardTitle>
                  <CardDescription>{list.description}</CardDescription>
                </CardHeader>
                <CardContent>
                  {donors.length === 0 ? (
                    <EmptyState icon={Users} size="inline">
                      {list.empty}
                    </EmptyState>
                  ) : (
                    <ul className="divide-y">
                      {donors.map((donor) => (
                        <InsightRow key={donor.partnerId} donor={donor} reason={list.reason} />
                      ))}
                    </ul>
                  )}
                  {count > donors.length && (
                    <p className="mt-2 text-xs text-muted-foreground">Showing the {donors.length} most recent.</p>
                  )}
                </CardContent>
              </Card>
            );
          })}
        </div>
      )}
    </section>
  );
}

function InsightRow({ donor, reason }: { donor: InsightDonor; reason: string }) {
  const { data: me } = useMe();
  const createTask = useCreateTask();
  const money = useMoney();
  const [created, setCreated] = useState(false);
  const followUp = async () => {
    try {
      await createTask.mutateAsync(
        createTaskSchema.parse({
          title: `Follow up with ${donor.partnerName}`,
          description: `${reason}. Last gift: ${money.format(donor.lastAmount)} on ${format(new Date(donor.lastGiftAt), DATE_FORMAT)}.`,
          dueDate: format(addDays(new Date(), 7), 'yyyy-MM-dd'),
          assignedTo: me?.user.id,
          // Linked, so the partner's Open tasks list it and these insights show it instead of the button.
          partnerId: donor.partnerId,
        }),
      );
      setCreated(true);
      toast.success('Follow-up task created', { description: `Follow up with ${donor.partnerName}, due in a week.` });
    } catch (err) {
      toast.error('The task could not be created', {
        description: err instanceof ApiError ? err.message : 'Please try again.',
      });
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <div>
        <Link to={`/partners?partner=${donor.partnerId}`} className="font-medium underline-offset-4 hover:underline">
          {donor.partnerName}
        </Link>
        <p className="text-muted-foreground">
          {money.format(donor.lastAmount)} on {format(new Date(donor.lastGiftAt), DATE_FORMAT)}
        </p>
      </div>
      {me?.permissions.tasks &&
        (donor.openTask && !created ? (
          // After a reload too: someone already follows them up, so no second task is offered.
          <Link
            to="/tasks"
            className="inline-flex items-center gap-1 text-muted-foreground underline-offset-4 hover:underline"
          >
            <ListChecks aria-hidden="true" className="size-4" />
            <span>
              <span className="sr-only">Open task for {donor.partnerName}: </span>
              {donor.openTask.title}
            </span>
          </Link>
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={created || createTask.isPending}
            aria-label={
              created
                ? `Follow-up task created for ${donor.partnerName}`
                : `Create follow-up task for ${donor.partnerName}`
            }
            onClick={() => void followUp()}
          >
            {created ? 'Task created' : 'Create follow-up task'}
          </Button>
        ))}
    </li>
  );
}

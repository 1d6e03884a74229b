import { AlertCircle, CheckCircle2, ListTodo, type LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { TaskBoard } from '../api/get-tasks';

const COUNTERS: { key: keyof TaskBoard['counts']; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'active', label: 'Active Tasks', icon: ListTodo, tone: 'text-primary' },
  { key: 'highPriority', label: 'High Priority', icon: AlertCircle, tone: 'text-destructive' },
  { key: 'completed', label: 'Completed', icon: CheckCircle2, tone: 'text-emerald-700' },
];

/**
 * The board's three counts. On a phone they share one row, smaller and without their icons:
 * stacked, three cards 110 px tall each pushed the first task below the fold.
 */
export function TaskCounters({ counts }: { counts: TaskBoard['counts'] | undefined }) {
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-4">
      {COUNTERS.map(({ key, label, icon: Icon, tone }) => (
        <Card key={key}>
          <CardContent className="flex items-center justify-between gap-3 p-3 sm:p-6">
            <div className="min-w-0">
              <p className="text-xs font-medium text-muted-foreground sm:text-sm">{label}</p>
              {counts ? (
                <p className="text-2xl font-bold sm:text-3xl" data-testid={`task-counter-${key}`}>
                  {counts[key]}
                </p>
              ) : (
                <Skeleton className="mt-1 h-8 w-10 sm:h-9 sm:w-12" />
              )}
            </div>
            <Icon className={`hidden size-8 shrink-0 sm:block ${tone}`} aria-hidden="true" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

import { AlertCircle, CheckCircle2, ListTodo, type LucideIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { TaskBoard } from '../api/get-tasks';

const COUNTERS: { key: keyof TaskBoard['counts']; label: string; icon: LucideIcon; tone: string }[] = [
  { key: 'active', label: 'Active Tasks', icon: ListTodo, tone: 'text-primary' },
  { key: 'highPriority', label: 'High Priority', icon: AlertCircle, tone: 'text-destructive' },
  { key: 'completed', label: 'Completed', icon: CheckCircle2, tone: 'text-emerald-700' },
];

export function TaskCounters({ counts }: { counts: TaskBoard['counts'] | undefined }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {COUNTERS.map(({ key, label, icon: Icon, tone }) => (
        <Card key={key}>
          <CardContent className="flex items-center justify-between gap-3 p-6">
            <div>
              <p className="text-sm font-medium text-muted-foreground">{label}</p>
              {counts ? (
                <p className="text-3xl font-bold" data-testid={`task-counter-${key}`}>
                  {counts[key]}
                </p>
              ) : (
                <Skeleton className="mt-1 h-9 w-12" />
              )}
            </div>
            <Icon className={`size-8 shrink-0 ${tone}`} aria-hidden="true" />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

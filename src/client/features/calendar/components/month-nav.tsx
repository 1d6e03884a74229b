import { addMonths, format } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** Previous, Today, Next and the month's name: the month grid and the agenda move the same way. */
export function MonthNav({
  at,
  onChange,
  children,
}: {
  at: Date;
  onChange: (day: Date) => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" onClick={() => onChange(addMonths(at, -1))}>
        <ChevronLeft aria-hidden="true" />
        Previous
      </Button>
      <Button variant="outline" size="sm" onClick={() => onChange(new Date())}>
        Today
      </Button>
      <Button variant="outline" size="sm" onClick={() => onChange(addMonths(at, 1))}>
        Next
        <ChevronRight aria-hidden="true" />
      </Button>
      <h2 className="ml-2 text-xl font-semibold" aria-live="polite">
        {format(at, 'MMMM yyyy')}
      </h2>
      {children}
    </div>
  );
}

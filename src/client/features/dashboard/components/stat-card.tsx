import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Figure } from './figure';

/** A figure card that links to its screen (Active Partners, Pending Tasks, Upcoming Events). */
export function StatCard({
  title,
  to,
  icon: Icon,
  loading,
  value,
  detail,
}: {
  title: string;
  to: string;
  icon: LucideIcon;
  loading: boolean;
  value: ReactNode | null | undefined;
  detail?: ReactNode;
}) {
  return (
    <Link
      to={to}
      className="block rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <Card className="h-full p-6 transition-shadow hover:shadow-md">
        <div className="flex items-start justify-between gap-2">
          <h2 className="text-sm font-medium text-muted-foreground">{title}</h2>
          <Icon className="size-5 text-primary" aria-hidden="true" />
        </div>
        <p className="mt-2 text-3xl font-bold">
          <Figure loading={loading} value={value} />
        </p>
        {detail && <p className="mt-1 text-sm text-muted-foreground">{detail}</p>}
      </Card>
    </Link>
  );
}

import type { ReactNode } from 'react';

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-muted-foreground">{description}</p>}
      </div>
      {/* One group: wrapped under the title, the buttons stay together instead of spreading
          across the line (User Management's three at a tablet's width). */}
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

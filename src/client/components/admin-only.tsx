import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { useMe } from '@/features/auth/api/get-me';

/**
 * The admin area's admin-only screens (Email, Audit log): a coordinator with user management
 * who types the address is told why there is nothing here. The server refuses them anyway.
 */
export function AdminOnly({ title, reason, children }: { title: string; reason: string; children: ReactNode }) {
  const { data: me } = useMe();
  if (me && me.role !== 'admin') {
    return (
      <>
        <PageHeader title={title} />
        <p className="text-muted-foreground">{reason}</p>
      </>
    );
  }
  return children;
}

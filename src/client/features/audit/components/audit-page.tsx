import { Download, ScrollText, X } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminOnly } from '@/components/admin-only';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ShowMore } from '@/components/show-more';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { auditQuery, useAuditLog, type AuditFilters as ServerFilters } from '../api/list-audit';
import { AuditFilters, NO_FILTERS, type AuditFilterValues } from './audit-filters';
import { AuditTable } from './audit-table';
import { RetentionSetting } from './retention-setting';
import { browserTimeZone } from '@/lib/time-zone';

/** /admin/audit (issue 17): who did what, when and from where; for admins only. */
export function AuditPage() {
  return (
    <AdminOnly title="Audit log" reason="Only admins can read the audit log.">
      <AuditLog />
    </AdminOnly>
  );
}

/** A day typed in the filters, as the instant it starts (or, for `to`, its last millisecond) here. */
function dayBound(date: string, end: boolean): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return undefined;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const start = new Date(y, m - 1, d + (end ? 1 : 0));
  start.setFullYear(y); // years below 100 are not 19xx
  return new Date(start.getTime() - (end ? 1 : 0)).toISOString();
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const values: AuditFilterValues = useMemo(
    () =>
      Object.fromEntries(Object.keys(NO_FILTERS).map((k) => [k, params.get(k) ?? ''])) as unknown as AuditFilterValues,
    [params],
  );
  const filters: ServerFilters = {
    actor: values.actor,
    action: values.action,
    subjectType: values.subjectType,
    subjectId: values.subjectId.trim(),
    from: dayBound(values.fromDate, false),
    to: dayBound(values.toDate, true),
    reads: values.reads,
  };
  const log = useAuditLog(filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const exportHref = `/api/audit/export?${new URLSearchParams({ ...auditQuery(filters), tz: browserTimeZone() ?? 'UTC' }).toString()}`;

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Who changed what and when: every admin action, giving and partner change, sign-in and export."
        actions={
          <>
            <Button variant="outline" asChild>
              <a href={exportHref} download>
                <Download aria-hidden="true" />
                Export CSV
              </a>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/admin">Back to User Management</Link>
            </Button>
          </>
        }
      />
      <AuditFilters
        values={values}
        onChange={(next) => setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)), { replace: true })}
      />
      {log.isPending && <Skeleton className="h-40 w-full" />}
      {log.isError && (
        <LoadError title="The audit log could not be loaded" error={log.error} onRetry={() => log.refetch()} />
      )}
      {log.isSuccess && entries.length === 0 && (
        <EmptyState
          icon={ScrollText}
          action={
            Object.values(values).some(Boolean) && (
              <Button variant="outline" onClick={() => setParams({}, { replace: true })}>
                <X aria-hidden="true" />
                Clear the filters
              </Button>
            )
          }
        >
          {Object.values(values).some(Boolean) ? 'No entries match these filters.' : 'No entries yet.'}
        </EmptyState>
      )}
      {entries.length > 0 && <AuditTable entries={entries} />}
      <ShowMore query={log} />
      <RetentionSetting />
    </>
  );
}

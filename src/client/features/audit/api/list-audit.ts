import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';

export type AuditPage = InferResponseType<typeof api.api.audit.$get, 200>;
export type AuditEntry = AuditPage['entries'][number];

/** The screen's filters, as the server reads them (instants; the screen turns dates into them). */
export interface AuditFilters {
  actor?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  from?: string;
  to?: string;
  /** 'show' includes chat read receipts, which the log leaves out by default. */
  reads?: string;
}

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, 'list', filters] as const,
  facets: () => [...auditKeys.all, 'facets'] as const,
  settings: () => [...auditKeys.all, 'settings'] as const,
};

/** The filters that are set, as query parameters (also the CSV export's). */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));
}

export async function listAudit(filters: AuditFilters, cursor: string | null): Promise<AuditPage> {
  const query = auditQuery(filters);
  if (cursor) query.cursor = cursor;
  const response = await ensureOk(await api.api.audit.$get({ query }));
  return (await response.json()) as AuditPage;
}

/** The audit log, 50 entries at a time, newest first (admins only; the server checks). */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: auditKeys.list(filters),
      queryFn: ({ pageParam }) => listAudit(filters, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
    }),
  );
}

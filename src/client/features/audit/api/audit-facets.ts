import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { auditKeys } from './list-audit';

export type AuditFacets = InferResponseType<typeof api.api.audit.facets.$get, 200>;

/** What the filters offer: the actions, subject types and people the log holds. */
export function useAuditFacets() {
  return useQuery({
    queryKey: auditKeys.facets(),
    queryFn: async () => (await (await ensureOk(await api.api.audit.facets.$get())).json()) as AuditFacets,
  });
}

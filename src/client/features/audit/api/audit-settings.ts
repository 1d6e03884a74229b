import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { AuditSettings } from '#shared/schemas/audit';
import { auditKeys } from './list-audit';

export function useAuditSettings() {
  return useQuery({
    queryKey: auditKeys.settings(),
    queryFn: async () => (await (await ensureOk(await api.api.audit.settings.$get())).json()) as AuditSettings,
  });
}

/** Saves how long entries are kept; the change is itself an entry, so the list refreshes. */
export function useSaveAuditSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: AuditSettings) =>
      (await (await ensureOk(await api.api.audit.settings.$put({ json: settings }))).json()) as AuditSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(auditKeys.settings(), saved);
      return queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}

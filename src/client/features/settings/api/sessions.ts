import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { SessionItem } from '#shared/schemas/settings';

export const sessionsKey = ['settings', 'sessions'] as const;

/** The person's own sessions, this device first (issue 17). */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => {
      const response = await ensureOk(await api.api.settings.sessions.$get());
      return ((await response.json()) as { sessions: SessionItem[] }).sessions;
    },
  });
}

/** Ends one other session: that device's open tabs are signed out at once. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => ensureOk(await api.api.settings.sessions[':id'].$delete({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const response = await ensureOk(await api.api.settings.sessions['end-others'].$post());
      return ((await response.json()) as { ended: number }).ended;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ensureOk, portalFetch } from '@/lib/api';
import { calendarQueryKey } from './get-events';
import { eventUrl, type SeriesTarget } from './update-event';

export async function deleteEvent({ id, target }: { id: string; target?: SeriesTarget }): Promise<void> {
  await ensureOk(await portalFetch(eventUrl(id, target), { method: 'DELETE', credentials: 'same-origin' }));
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: calendarQueryKey }),
  });
}

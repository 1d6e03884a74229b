import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { useRefetchOn } from '@/lib/realtime';
import { isQueued, sendOrQueue, type Queued } from '@/offline/queue';
import type { ContactValues } from '#shared/schemas/partner-contacts';
import { partnerKeys, type Partner } from './list-partners';

export type TimelinePage = InferResponseType<(typeof api.api.partners)[':id']['timeline']['$get'], 200>;
export type TimelineEntry = TimelinePage['entries'][number];

export const timelineKey = (partnerId: string) => [...partnerKeys.all, 'timeline', partnerId] as const;

async function getTimeline(partnerId: string, cursor: string | null): Promise<TimelinePage> {
  const response = await ensureOk(
    await api.api.partners[':id'].timeline.$get({ param: { id: partnerId }, query: cursor ? { cursor } : {} }),
  );
  return (await response.json()) as TimelinePage;
}

/**
 * A partner's timeline, newest first, a page at a time ("Show more"). Kept live: a contact
 * logged in another tab, a gift, a task or a form response of the partner's refreshes it.
 */
export function usePartnerTimeline(partnerId: string) {
  useRefetchOn(['partners.changed'], timelineKey(partnerId), (event) => event.partnerId === partnerId);
  useRefetchOn(['donations.changed', 'tasks.changed', 'forms.responses'], timelineKey(partnerId));
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: timelineKey(partnerId),
      queryFn: ({ pageParam }) => getTimeline(partnerId, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}

/** After a contact is logged or deleted: the partner's last contact at once, then the rest. */
function useAfterContactChange(partnerId: string) {
  const queryClient = useQueryClient();
  return async (lastContact: string | null) => {
    queryClient.setQueryData<Partner>(partnerKeys.detail(partnerId), (partner) =>
      partner ? { ...partner, lastContact } : partner,
    );
    await queryClient.invalidateQueries({ queryKey: partnerKeys.all });
  };
}

/** Logs a contact, or keeps it on this device while offline and sends it later (issue 24). */
export function useLogContact(partnerId: string) {
  const after = useAfterContactChange(partnerId);
  return useMutation<{ lastContact: string | null } | Queued, Error, ContactValues>({
    mutationFn: (values) =>
      sendOrQueue(
        {
          kind: 'contact.log',
          label: 'Contact logged on a partner',
          method: 'POST',
          path: `/api/partners/${partnerId}/contacts`,
          body: values,
          refresh: [[...partnerKeys.all]],
        },
        async (headers) => {
          const response = await ensureOk(
            await api.api.partners[':id'].contacts.$post({ param: { id: partnerId }, json: values }, { headers }),
          );
          return (await response.json()) as { lastContact: string | null };
        },
      ),
    onSuccess: (result) => {
      if (!isQueued(result)) return after(result.lastContact);
    },
  });
}

export function useDeleteContact(partnerId: string) {
  const after = useAfterContactChange(partnerId);
  return useMutation({
    mutationFn: async (contactId: string) => {
      const response = await ensureOk(
        await api.api.partners[':id'].contacts[':contactId'].$delete({ param: { id: partnerId, contactId } }),
      );
      return (await response.json()) as { lastContact: string | null };
    },
    onSuccess: (result) => after(result.lastContact),
  });
}

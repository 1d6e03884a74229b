import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { Cardholder } from '#shared/chat';

export async function getCardholders(): Promise<Cardholder[]> {
  const response = await ensureOk(await api.api.chat.cardholders.$get());
  return ((await response.json()) as { cardholders: Cardholder[] }).cardholders;
}

export const cardholdersQueryOptions = queryOptions({ queryKey: ['chat', 'cardholders'], queryFn: getCardholders });

export function useCardholders(enabled: boolean) {
  return useQuery({ ...cardholdersQueryOptions, enabled });
}

import { useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, ensureOk } from '@/lib/api';
import { emailKeys } from './list-outbox';

export type EmailMessage = InferResponseType<(typeof api.api.email.outbox)[':id']['$get'], 200>['email'];

export async function getEmail(id: string): Promise<EmailMessage> {
  const response = await ensureOk(await api.api.email.outbox[':id'].$get({ param: { id } }));
  return ((await response.json()) as { email: EmailMessage }).email;
}

/** One email with its message, as it was (or will be) sent. */
export function useEmail(id: string) {
  return useQuery({ queryKey: emailKeys.detail(id), queryFn: () => getEmail(id) });
}

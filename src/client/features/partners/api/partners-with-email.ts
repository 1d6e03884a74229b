import { useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { PartnersWithEmail } from '#shared/schemas/partners';
import { partnerKeys } from './list-partners';

/** Partners who already have `email`, leaving out `except` (the partner being edited). */
export async function partnersWithEmail(email: string, except: string | undefined): Promise<PartnersWithEmail> {
  const query = except ? { email, except } : { email };
  const response = await ensureOk(await api.api.partners['with-email'].$get({ query }));
  return (await response.json()) as PartnersWithEmail;
}

/**
 * Asked while the partner form's email is a whole address (`email` empty asks nothing). Under
 * partnerKeys.all, so adding or editing a partner asks again.
 */
export function usePartnersWithEmail(email: string, except: string | undefined) {
  return useQuery({
    queryKey: [...partnerKeys.all, 'with-email', email.toLowerCase(), except ?? null],
    queryFn: () => partnersWithEmail(email, except),
    enabled: email !== '',
    staleTime: 30_000,
  });
}

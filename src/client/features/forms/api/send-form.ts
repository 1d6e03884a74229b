import { useMutation, useQuery } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { listPartners } from '@/features/partners/api/list-partners';
import type { FormRecipientInput, SendFormResult } from '#shared/schemas/form-send';

/** Send to Partners (issue 21): personal links for the recipients, emailed through the outbox. */
export async function sendForm(formId: string, recipients: FormRecipientInput[]): Promise<SendFormResult> {
  const response = await ensureOk(
    await api.api.forms[':id'].send.$post({ param: { id: formId }, json: { recipients } }),
  );
  return (await response.json()) as SendFormResult;
}

export function useSendForm() {
  return useMutation({
    mutationFn: (input: { formId: string; recipients: FormRecipientInput[] }) =>
      sendForm(input.formId, input.recipients),
  });
}

export interface PartnerChoice {
  id: string;
  name: string;
  email: string;
}

/** Partners whose name matches what is typed, for the recipient type-ahead (needs the Partners permission). */
export function usePartnerChoices(text: string, enabled: boolean) {
  const q = useDebouncedValue(text.trim(), 200);
  return useQuery({
    queryKey: ['forms', 'partner-choices', q],
    queryFn: async (): Promise<PartnerChoice[]> =>
      (await listPartners({ q }, null)).partners.slice(0, 8).map((p) => ({ id: p.id, name: p.name, email: p.email })),
    enabled: enabled && q.length > 0,
    staleTime: 30_000,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailFrequency } from '#shared/schemas/notifications';
import { settingsQueryOptions } from './get-settings';
import { updateNotifications } from './update-notifications';

/** How notification emails come; the choice moves at once and back if the save fails. */
export function useUpdateEmailFrequency() {
  const queryClient = useQueryClient();
  const key = settingsQueryOptions.queryKey;
  const setFrequency = (emailFrequency: EmailFrequency) =>
    queryClient.setQueryData(key, (settings) => (settings ? { ...settings, emailFrequency } : settings));

  return useMutation({
    mutationKey: ['settings', 'email-frequency'],
    mutationFn: (emailFrequency: EmailFrequency) => updateNotifications({ emailFrequency }),
    onMutate: async (emailFrequency) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key)?.emailFrequency;
      setFrequency(emailFrequency);
      return { previous };
    },
    onError: (_err, _value, context) => {
      if (context?.previous) setFrequency(context.previous);
    },
    onSuccess: (settings) => setFrequency(settings.emailFrequency),
  });
}

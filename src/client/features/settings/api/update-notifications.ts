import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { NotificationKey, NotificationsInput } from '#shared/schemas/settings';
import { settingsQueryOptions, type AccountSettings } from './get-settings';

export async function updateNotifications(input: NotificationsInput): Promise<AccountSettings> {
  const response = await ensureOk(await api.api.settings.notifications.$put({ json: input }));
  return ((await response.json()) as { settings: AccountSettings }).settings;
}

export interface NotificationChange {
  key: NotificationKey;
  enabled: boolean;
}

/** Each switch saves on its own; it moves at once and moves back if the save fails. */
export function useUpdateNotification() {
  const queryClient = useQueryClient();
  const key = settingsQueryOptions.queryKey;
  const setSwitch = ({ key: name, enabled }: NotificationChange) =>
    queryClient.setQueryData(key, (settings) => (settings ? { ...settings, [name]: enabled } : settings));

  return useMutation({
    mutationKey: ['settings', 'notifications'],
    mutationFn: ({ key: name, enabled }: NotificationChange) => updateNotifications({ [name]: enabled }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      setSwitch(change);
    },
    onError: (_err, change) => setSwitch({ ...change, enabled: !change.enabled }),
    // Only the switch this save was about: another switch may have moved meanwhile.
    onSuccess: (settings, change) => setSwitch({ key: change.key, enabled: settings[change.key] }),
  });
}

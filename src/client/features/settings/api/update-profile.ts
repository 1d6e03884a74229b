import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import { meQueryOptions } from '@/features/auth/api/get-me';
import type { ProfileInput } from '#shared/schemas/settings';
import { settingsQueryOptions, type AccountSettings } from './get-settings';

export async function updateProfile(input: ProfileInput): Promise<AccountSettings> {
  const response = await ensureOk(await api.api.settings.profile.$patch({ json: input }));
  return ((await response.json()) as { settings: AccountSettings }).settings;
}

/** After a save the sidebar footer shows the new name at once (the session query is updated). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['settings', 'profile'],
    mutationFn: updateProfile,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryOptions.queryKey, settings);
      queryClient.setQueryData(meQueryOptions.queryKey, (me) =>
        me ? { ...me, user: { ...me.user, displayName: settings.displayName } } : me,
      );
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ensureOk } from '@/lib/api';
import type { AccountRole, UpdateAccountInput } from '#shared/schemas/accounts';
import { accountKeys } from './list-accounts';

/** The account changes of Admin > Accounts; each refreshes the list. */
export function useChangeAccount() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
  const param = (id: string) => ({ param: { id } });
  return {
    update: useMutation({
      mutationFn: async ({ id, values }: { id: string; values: UpdateAccountInput }) =>
        ensureOk(await api.api.accounts[':id'].$patch({ ...param(id), json: values })),
      onSuccess: refresh,
    }),
    deactivate: useMutation({
      mutationFn: async (id: string) => ensureOk(await api.api.accounts[':id'].deactivate.$post(param(id))),
      onSuccess: refresh,
    }),
    reactivate: useMutation({
      mutationFn: async (id: string) => ensureOk(await api.api.accounts[':id'].reactivate.$post(param(id))),
      onSuccess: refresh,
    }),
    setRole: useMutation({
      mutationFn: async ({ id, role }: { id: string; role: AccountRole }) =>
        ensureOk(await api.api.accounts[':id'].role.$put({ ...param(id), json: { role } })),
      onSuccess: refresh,
    }),
    setTemporaryPassword: useMutation({
      mutationFn: async (id: string) =>
        (await (await ensureOk(await api.api.accounts[':id']['temporary-password'].$post(param(id)))).json()) as {
          password: string;
        },
      onSuccess: refresh,
    }),
    resetTwoFactor: useMutation({
      mutationFn: async (id: string) => ensureOk(await api.api.accounts[':id']['two-factor-reset'].$post(param(id))),
      onSuccess: refresh,
    }),
    sendReset: useMutation({
      mutationFn: async (id: string) =>
        (await (await ensureOk(await api.api.accounts[':id']['password-reset'].$post(param(id)))).json()) as {
          emailed: boolean;
        },
    }),
  };
}

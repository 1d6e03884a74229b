import type { QueryClient } from '@tanstack/react-query';

/**
 * Whose data this device keeps (issue 24): the id of the account last signed in here. Only the
 * id, in localStorage, so that a reload without a connection knows whose saved answers to
 * restore before anything is asked of the server. Cleared at sign-out.
 */
const LAST_ACCOUNT = 'portal.offline.account';

export const lastAccount = (): string | null => localStorage.getItem(LAST_ACCOUNT);
export const rememberAccount = (id: string) => localStorage.setItem(LAST_ACCOUNT, id);
export const forgetAccount = () => localStorage.removeItem(LAST_ACCOUNT);

/** The signed-in person as the session query holds it: undefined unknown yet, null signed out. */
export function accountOf(queryClient: QueryClient): string | null | undefined {
  const me = queryClient.getQueryData<{ user: { id: string } } | null>(['me']);
  return me === null ? null : me?.user.id;
}

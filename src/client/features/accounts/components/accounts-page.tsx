import { UsersRound, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ShowMore } from '@/components/show-more';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccounts, type AccountStatus } from '../api/list-accounts';
import { AccountsTable } from './accounts-table';
import { TwoFactorPolicyCard } from './two-factor-policy-card';

/**
 * /admin/accounts (issue 17 item 4): every account, admins too, with its role, last sign-in and
 * status and two-factor sign-in; edit, deactivate or reactivate, send a link to choose a new
 * password or set a temporary one, reset a lost second factor; and who must use two-factor.
 */
export function AccountsPage() {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<AccountStatus>();
  // Searched a moment after typing stops, not at every key.
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const accounts = useAccounts(q, status);
  const rows = accounts.data?.pages.flatMap((p) => p.accounts) ?? [];

  return (
    <>
      <PageHeader
        title="Accounts"
        description="Everyone who can sign in: correct a name or email, deactivate an account, or help someone back in with a new password or a reset second factor."
        actions={
          <Button variant="outline" asChild>
            <Link to="/admin">Back to User Management</Link>
          </Button>
        }
      />
      <TwoFactorPolicyCard />
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-q`}>Search name or email</Label>
          <Input
            id={`${id}-q`}
            type="search"
            maxLength={100}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <NativeSelect
            id={`${id}-status`}
            value={status ?? ''}
            onChange={(e) => setStatus((e.target.value || undefined) as AccountStatus)}
          >
            <option value="">All accounts</option>
            <option value="active">Active</option>
            <option value="deactivated">Deactivated</option>
          </NativeSelect>
        </div>
      </div>
      {accounts.isPending && <Skeleton className="h-40 w-full" />}
      {accounts.isError && (
        <LoadError title="The accounts could not be loaded" error={accounts.error} onRetry={() => accounts.refetch()} />
      )}
      {accounts.isSuccess && rows.length === 0 && (
        <EmptyState
          icon={UsersRound}
          action={
            (q || status) && (
              <Button
                variant="outline"
                onClick={() => {
                  setTyped('');
                  setQ('');
                  setStatus(undefined);
                }}
              >
                <X aria-hidden="true" />
                Clear the search
              </Button>
            )
          }
        >
          {q || status ? 'No accounts match.' : 'No accounts yet.'}
        </EmptyState>
      )}
      {rows.length > 0 && <AccountsTable accounts={rows} />}
      <ShowMore query={accounts} />
    </>
  );
}

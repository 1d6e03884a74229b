import { format } from 'date-fns';
import { Badge } from '@/components/ui/badge';
import { EmailAddress } from '@/components/ui/email-address';
import { TableHead } from '@/components/ui/table-head';
import { DATE_TIME_FORMAT } from '#shared/format';
import type { Account } from '../api/list-accounts';
import { AccountActions } from './account-actions';

const ROLE_LABELS: Record<Account['role'], string> = { admin: 'Admin', coordinator: 'Coordinator', none: 'No role' };

export function AccountsTable({ accounts }: { accounts: Account[] }) {
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full text-sm" aria-label="Accounts">
        <TableHead labels={['Name', 'Email', 'Role', 'Last sign-in', 'Two-factor', 'Status', 'Actions']} />
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id} className="border-t">
              {/* A long name without spaces breaks inside its cell, not the table's width. */}
              <td className="min-w-32 px-3 py-2 [overflow-wrap:anywhere]">{account.name || '—'}</td>
              <td className="break-words px-3 py-2">
                <EmailAddress value={account.email} />
              </td>
              <td className="whitespace-nowrap px-3 py-2">{ROLE_LABELS[account.role]}</td>
              <td className="whitespace-nowrap px-3 py-2">
                {account.lastSignInAt ? format(new Date(account.lastSignInAt), DATE_TIME_FORMAT) : 'Never'}
              </td>
              <td className="px-3 py-2">
                {account.twoFactorEnabled ? <Badge variant="success">On</Badge> : <Badge variant="outline">Off</Badge>}
              </td>
              <td className="px-3 py-2">
                {account.mustChangePassword && !account.deactivatedAt && (
                  <span className="mb-1 block text-xs text-muted-foreground">Temporary password</span>
                )}
                {account.deactivatedAt ? (
                  <Badge variant="secondary">Deactivated</Badge>
                ) : (
                  <Badge variant="outline">Active</Badge>
                )}
              </td>
              <td className="px-3 py-2">
                <AccountActions account={account} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

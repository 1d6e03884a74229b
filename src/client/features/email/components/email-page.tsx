import { format } from 'date-fns';
import { Mail, MailWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { ShowMore } from '@/components/show-more';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { EmailAddress } from '@/components/ui/email-address';
import { TableHead } from '@/components/ui/table-head';
import { AdminOnly } from '@/components/admin-only';
import { DATE_TIME_FORMAT } from '#shared/format';
import { EMAIL_STATUS_LABELS, EMAIL_STATUSES, type EmailStatus } from '#shared/schemas/email';
import { useOutbox } from '../api/list-outbox';
import { EmailDialog } from './email-dialog';
import { EmailStatusBadge } from './email-status-badge';

/**
 * /admin/email (issue 16): every email the portal wrote, newest first, with its delivery. Without
 * SMTP the emails wait here, and this is where an admin reads them.
 */
export function EmailPage() {
  return (
    <AdminOnly title="Email" reason="Only admins can read the portal's emails.">
      <Outbox />
    </AdminOnly>
  );
}

function Outbox() {
  const [status, setStatus] = useState<EmailStatus | undefined>();
  const [open, setOpen] = useState<string | null>(null);
  const filterId = useId();
  const outbox = useOutbox(status);
  const emails = outbox.data?.pages.flatMap((page) => page.emails) ?? [];
  const enabled = outbox.data?.pages[0]?.enabled;

  return (
    <>
      <PageHeader
        title="Email"
        description="Every email the portal sends: invitations, password resets and notifications."
        actions={
          <Button variant="outline" asChild>
            <Link to="/admin">Back to User Management</Link>
          </Button>
        }
      />
      {enabled === false && (
        <Card className="mb-6 border-amber-300 bg-amber-50" role="status">
          <CardContent className="flex items-start gap-3 p-4 text-sm text-amber-900">
            <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <p>
              Email is off: no mail server is configured (SMTP_URL), so nothing leaves the portal. Emails wait here, and
              are sent once a mail server is set up (docs/deployment.md).
            </p>
          </CardContent>
        </Card>
      )}
      <div className="mb-4 flex max-w-xs flex-col gap-2">
        <Label htmlFor={filterId}>Status</Label>
        <NativeSelect
          id={filterId}
          value={status ?? ''}
          onChange={(e) => setStatus((e.target.value || undefined) as EmailStatus | undefined)}
        >
          <option value="">All emails</option>
          {EMAIL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {EMAIL_STATUS_LABELS[s]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {outbox.isPending && <Skeleton className="h-40 w-full" />}
      {outbox.isError && (
        <LoadError title="The emails could not be loaded" error={outbox.error} onRetry={() => outbox.refetch()} />
      )}
      {outbox.isSuccess && emails.length === 0 && (
        <EmptyState
          icon={Mail}
          action={
            status && (
              <Button variant="outline" onClick={() => setStatus(undefined)}>
                Show all emails
              </Button>
            )
          }
        >
          {status ? 'No emails with this status.' : 'No emails yet.'}
        </EmptyState>
      )}
      {emails.length > 0 && (
        <div className="relative overflow-x-auto rounded-md border">
          <table className="w-full text-sm">
            <TableHead labels={['Created', 'To', 'Subject', 'Status']} />
            <tbody>
              {emails.map((email) => (
                <tr key={email.id} className="border-t">
                  <td className="whitespace-nowrap px-3 py-2">{format(new Date(email.createdAt), DATE_TIME_FORMAT)}</td>
                  <td className="break-words px-3 py-2">
                    <EmailAddress value={email.toAddress} />
                  </td>
                  <td className="px-3 py-2">
                    <button
                      type="button"
                      className="text-left underline-offset-4 hover:underline focus-visible:underline"
                      onClick={() => setOpen(email.id)}
                    >
                      {email.subject}
                    </button>
                  </td>
                  <td className="px-3 py-2">
                    <EmailStatusBadge status={email.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ShowMore query={outbox} />
      {open && <EmailDialog id={open} sending={enabled !== false} onClose={() => setOpen(null)} />}
    </>
  );
}

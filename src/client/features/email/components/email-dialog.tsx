import { format } from 'date-fns';
import { Paperclip, RotateCw } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DATE_TIME_FORMAT, formatFileSize } from '#shared/format';
import { useEmail } from '../api/get-email';
import { useRetryEmail } from '../api/retry-email';
import { EmailStatusBadge } from './email-status-badge';

const when = (iso: string) => format(new Date(iso), DATE_TIME_FORMAT);

/**
 * One email as it was (or will be) sent: the text and the HTML form, its delivery so far, and
 * "Send again" when it failed. The HTML is shown in a sandboxed frame: no script runs and no
 * link navigates the portal.
 */
export function EmailDialog({
  id,
  sending,
  onClose,
}: {
  id: string;
  /** Whether email leaves this portal (SMTP_URL set): without it nothing is tried, and nothing is said to be. */
  sending: boolean;
  onClose: () => void;
}) {
  const { data: email, isPending, isError, error } = useEmail(id);
  const retry = useRetryEmail();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle className="break-words pr-6">{email?.subject ?? 'Email'}</DialogTitle>
          <DialogDescription>
            {email ? `To ${email.toName ? `${email.toName} <${email.toAddress}>` : email.toAddress}` : 'Loading...'}
          </DialogDescription>
        </DialogHeader>
        {isPending && <Spinner />}
        {isError && <p className="text-sm text-destructive">The email could not be loaded: {error.message}</p>}
        {email && (
          <div className="space-y-4">
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted-foreground">Status</dt>
                <dd>
                  <EmailStatusBadge status={email.status} />
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Created</dt>
                <dd>{when(email.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Attempts</dt>
                <dd>{email.attempts}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{email.sentAt ? 'Sent' : 'Next attempt'}</dt>
                <dd>
                  {email.sentAt
                    ? when(email.sentAt)
                    : email.status === 'failed'
                      ? 'None'
                      : sending
                        ? when(email.nextAttemptAt)
                        : 'Once email is turned on'}
                </dd>
              </div>
              {email.attachments.length > 0 && (
                <div className="sm:col-span-2">
                  <dt className="text-muted-foreground">Attachments</dt>
                  <dd>
                    <ul>
                      {email.attachments.map((file) => (
                        <li key={file.filename} className="flex items-center gap-2 break-all">
                          <Paperclip className="size-4 shrink-0" aria-hidden="true" />
                          {file.filename} ({formatFileSize(file.size)})
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              )}
              {email.lastError && (
                <div className="sm:col-span-2">
                  <dt className="text-muted-foreground">Last error</dt>
                  <dd className="break-words text-destructive">{email.lastError}</dd>
                </div>
              )}
            </dl>
            <Tabs defaultValue="text">
              <TabsList>
                <TabsTrigger value="text">Text</TabsTrigger>
                <TabsTrigger value="html">HTML</TabsTrigger>
              </TabsList>
              <TabsContent value="text">
                <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted p-3 text-sm">
                  {email.text}
                </pre>
              </TabsContent>
              <TabsContent value="html">
                <iframe
                  title="The email as HTML"
                  sandbox=""
                  srcDoc={email.html}
                  className="h-80 w-full rounded-md border bg-white"
                />
              </TabsContent>
            </Tabs>
            {email.status === 'failed' && (
              <div className="flex justify-end">
                <Button
                  disabled={retry.isPending}
                  onClick={async () => {
                    try {
                      await retry.mutateAsync(email.id);
                      if (sending) toast.success('The email will be sent again');
                      else
                        toast.success('The email waits in the outbox again', {
                          description: 'Email is off on this portal: it is sent once a mail server is set up.',
                        });
                    } catch (err) {
                      toast.error('Failed to send the email again', {
                        description: err instanceof Error ? err.message : undefined,
                      });
                    }
                  }}
                >
                  <RotateCw aria-hidden="true" />
                  {retry.isPending ? 'Sending...' : 'Send again'}
                </Button>
              </div>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

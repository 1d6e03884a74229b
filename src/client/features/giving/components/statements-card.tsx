import { Download, FileArchive, Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmAction } from '@/components/confirm-action';
import { JobProgress } from '@/components/job-progress';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { StatementBatchResult } from '#shared/schemas/giving-statements';
import {
  archiveUrl,
  statementYears,
  useStartStatementArchive,
  useStartStatementEmails,
  useStatementRecipients,
} from '../api/statements';

/**
 * The Giving screen's "Year-end statements" card (issue 19 item 4): every statement of a year
 * in one archive, built by a background job whose progress shows here, then a download link.
 */
export function StatementsCard() {
  const years = statementYears();
  const [year, setYear] = useState(years[1] ?? years[0]!);
  const [jobId, setJobId] = useState<string | null>(null);
  const [emailJobId, setEmailJobId] = useState<string | null>(null);
  const recipients = useStatementRecipients(year);
  const start = useStartStatementArchive();
  const email = useStartStatementEmails();
  const withEmail = recipients.data?.withEmail ?? 0;
  const selectId = useId();
  const titleId = useId();

  const onStart = async () => {
    try {
      setJobId((await start.mutateAsync(year)).id);
    } catch (err) {
      toast.error('Failed to start building the statements', {
        description: err instanceof Error ? err.message : String(err),
      });
    }
  };

  const onEmail = async () => {
    try {
      setEmailJobId((await email.mutateAsync(year)).id);
    } catch (err) {
      toast.error('Failed to start emailing the statements', {
        description: err instanceof Error ? err.message : String(err),
      });
    }
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="text-lg">
          Year-end statements
        </CardTitle>
        <CardDescription>
          One PDF for each partner who gave in the year, with the year&apos;s gifts and total.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-2">
            <Label htmlFor={selectId}>Year</Label>
            <NativeSelect
              id={selectId}
              className="w-32"
              value={year}
              onChange={(event) => {
                setYear(Number(event.target.value));
                setJobId(null);
                setEmailJobId(null);
              }}
            >
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            type="button"
            onClick={() => void onStart()}
            disabled={start.isPending || recipients.data?.partners === 0}
          >
            <FileArchive aria-hidden="true" />
            {start.isPending ? 'Starting...' : 'Download all statements'}
          </Button>
          <ConfirmAction
            trigger={
              <Button type="button" variant="outline" disabled={email.isPending || withEmail === 0}>
                <Mail aria-hidden="true" />
                Email statements
              </Button>
            }
            title={`Email the ${year} statements?`}
            description={
              `${withEmail} ${withEmail === 1 ? 'partner' : 'partners'} with an email address will each be emailed their statement for ${year}.` +
              (recipients.data?.emailEnabled === false
                ? ' Email is off: the emails will wait in the outbox, where admins can read them.'
                : '')
            }
            confirmLabel={`Email ${withEmail} ${withEmail === 1 ? 'partner' : 'partners'}`}
            onConfirm={() => void onEmail()}
          />
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {recipients.isPending
            ? 'Counting the partners who gave...'
            : recipients.isError
              ? 'The number of partners could not be loaded.'
              : recipients.data.partners === 0
                ? `No partner gave in ${year}.`
                : `${recipients.data.partners} ${recipients.data.partners === 1 ? 'partner' : 'partners'} gave in ${year}.`}
        </p>
        {emailJobId && (
          <JobProgress
            jobId={emailJobId}
            label={`Emailing the statements for ${year}`}
            succeeded={(job) => {
              const result = job.result as StatementBatchResult;
              return (
                <p className="text-sm" role="status">
                  {result.emailed ?? 0} {result.emailed === 1 ? 'email' : 'emails'} queued.
                </p>
              );
            }}
          />
        )}
        {jobId && (
          <JobProgress
            jobId={jobId}
            label={`Building the statements for ${year}`}
            succeeded={(job) => {
              const result = job.result as StatementBatchResult;
              return (
                <Button asChild variant="outline">
                  <a href={archiveUrl(job.id)} download>
                    <Download aria-hidden="true" />
                    Download statements-{result.year}.zip ({result.statements}{' '}
                    {result.statements === 1 ? 'statement' : 'statements'})
                  </a>
                </Button>
              );
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}

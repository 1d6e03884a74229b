import { Download, FileArchive } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { JobProgress } from '@/components/job-progress';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { StatementBatchResult } from '#shared/schemas/giving-statements';
import { archiveUrl, statementYears, useStartStatementArchive, useStatementRecipients } from '../api/statements';

/**
 * The Giving screen's "Year-end statements" card (issue 19 item 4): every statement of a year
 * in one archive, built by a background job whose progress shows here, then a download link.
 */
export function StatementsCard() {
  const years = statementYears();
  const [year, setYear] = useState(years[1] ?? years[0]!);
  const [jobId, setJobId] = useState<string | null>(null);
  const recipients = useStatementRecipients(year);
  const start = useStartStatementArchive();
  const selectId = useId();

  const onStart = async () => {
    try {
      setJobId((await start.mutateAsync(year)).id);
    } catch (err) {
      toast.error('Failed to start building the statements', {
        description: err instanceof Error ? err.message : String(err),
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Year-end statements</CardTitle>
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

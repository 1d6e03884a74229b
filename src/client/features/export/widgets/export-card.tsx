import { Download, FileArchive } from 'lucide-react';
import { useId, useRef } from 'react';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { toast } from '@/lib/toast';
import { ConfirmAction } from '@/components/confirm-action';
import { JobProgress } from '@/components/job-progress';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { isFinished } from '#shared/jobs';
import { EXPORT_KEEP_DAYS, type ExportResult } from '#shared/schemas/export';
import { useLatestExport } from '../api/get-latest-export';
import { exportDownloadUrl } from '../api/keys';
import { useStartExport } from '../api/start-export';

/**
 * Admin > "Export all data" (issue 25 item 4): every record of the portal in one archive, built
 * by a background job whose progress shows here, then a download link. The latest export is
 * shown again after a reload; a new one can start once it has finished.
 */
export function ExportCard() {
  const latest = useLatestExport();
  const start = useStartExport();
  const titleId = useId();
  const job = latest.data ?? null;
  const running = job !== null && !isFinished(job.status);
  const progress = useRef<HTMLDivElement>(null);

  const onStart = async () => {
    try {
      await start.mutateAsync();
      // Export all data waits, disabled, while the job runs: the focus goes to the job's
      // progress, where its download link appears, instead of falling to the page.
      void focusWhenDrawn(() => progress.current);
    } catch (err) {
      toast.error('Failed to start the export', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="text-lg">
          Export all data
        </CardTitle>
        <CardDescription>
          One zip with every partner, gift, task, event, message, form, file and account (without passwords), and the
          audit log, as JSON and CSV, with a README describing each file. It stays downloadable for {EXPORT_KEEP_DAYS}{' '}
          days, by you only.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ConfirmAction
          trigger={
            <Button type="button" disabled={start.isPending || running || latest.isPending}>
              <FileArchive aria-hidden="true" />
              {start.isPending ? 'Starting...' : 'Export all data'}
            </Button>
          }
          title="Export all of the portal's data?"
          description="The archive holds donors' records and everyone's messages. Keep it somewhere safe; the export itself is recorded in the audit log."
          confirmLabel="Start the export"
          onConfirm={() => void onStart()}
        />
        {latest.isError && (
          <p role="alert" className="text-sm text-destructive">
            The latest export could not be loaded.
          </p>
        )}
        {job && (
          <div ref={progress} tabIndex={-1} className="focus-visible:outline-none">
            <JobProgress
              key={job.id}
              jobId={job.id}
              label="Exporting all data"
              succeeded={(done) => {
                const result = done.result as ExportResult;
                if (result.archiveRemoved) {
                  return (
                    <p className="text-sm text-muted-foreground">
                      The last export was removed after {EXPORT_KEEP_DAYS} days. Start a new one.
                    </p>
                  );
                }
                return (
                  // The file's name and counts wrap on a phone instead of widening the page.
                  <Button asChild variant="outline" className="h-auto max-w-full whitespace-normal py-2 text-left">
                    <a href={exportDownloadUrl(done.id)} download className="break-all">
                      <Download aria-hidden="true" />
                      Download {result.fileName} ({result.rows} {result.rows === 1 ? 'record' : 'records'},{' '}
                      {result.files} {result.files === 1 ? 'file' : 'files'})
                    </a>
                  </Button>
                );
              }}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

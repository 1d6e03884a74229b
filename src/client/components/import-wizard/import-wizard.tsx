import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { JobProgress } from '@/components/job-progress';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { browserTimeZone } from '@/lib/time-zone';
import type {
  DuplicateMode,
  ImportCommitResult,
  ImportDryRun,
  ImportMapping,
  ImportPreviewRow,
  ImportUploadView,
} from '#shared/imports';
import type { JobView } from '#shared/jobs';
import { CommitStep } from './commit-step';
import { importApi, type ImportChoice } from './import-api';
import { MapStep } from './map-step';
import { RecentBatches } from './recent-batches';
import { ReviewStep } from './review-step';
import { UndoBatch } from './undo-batch';
import { UploadStep } from './upload-step';
import { plural } from '@/lib/plural';
import { countOf } from './plural';

type Step =
  | { name: 'upload' }
  | { name: 'map' }
  | { name: 'review'; summary: ImportDryRun; rows: ImportPreviewRow[] }
  | { name: 'commit'; job: JobView; summary: ImportDryRun; rows: ImportPreviewRow[] }
  | { name: 'done'; result: ImportCommitResult };

const STEPS = ['Upload', 'Map columns', 'Preview', 'Import', 'Done'] as const;
const STEP_INDEX: Record<Step['name'], number> = { upload: 0, map: 1, review: 2, commit: 3, done: 4 };

/**
 * The shared import wizard (docs/decisions/0113): upload → map → preview and dry run → commit
 * (a job, with its progress) → done, with Undo. Each step keeps what the earlier ones chose, so
 * a failed step loses nothing: its message shows and the person tries again from there.
 */
export function ImportWizard({
  base,
  noun,
  sourceExamples,
  done,
}: {
  /** The target's API path, e.g. /api/giving/imports. */
  base: string;
  /** What the rows become, plural ("gifts"). */
  noun: string;
  /** Two sources a person might name for this kind of file, as the Source field's examples. */
  sourceExamples: [string, string];
  /** Where the imported records are seen. */
  done: { to: string; label: string };
}) {
  const api = useMemo(() => importApi(base), [base]);
  const queryClient = useQueryClient();
  const batchesKey = useMemo(() => ['imports', base, 'batches'] as const, [base]);
  const sources = useQuery({ queryKey: ['imports', base, 'sources'], queryFn: api.sources });
  const [step, setStep] = useState<Step>({ name: 'upload' });
  const [source, setSource] = useState('');
  const [upload, setUpload] = useState<ImportUploadView | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [remembered, setRemembered] = useState(false);
  const [duplicates, setDuplicates] = useState<DuplicateMode>('skip');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [undone, setUndone] = useState(false);
  // The undo's job while it runs (decision 0148): its progress replaces the Undo button.
  const [undoJob, setUndoJob] = useState<string | null>(null);
  // Each step replaces the last one's controls, the button pressed with them: the focus moves to
  // the new step's title, which names it, instead of falling to the page. Not on arrival.
  const title = useRef<HTMLHeadingElement>(null);
  const doneText = useRef<HTMLParagraphElement>(null);
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) title.current?.focus();
    arrived.current = true;
  }, [step.name]);

  const choice = (): ImportChoice => ({
    source: source.trim(),
    mapping,
    timeZone: browserTimeZone() ?? 'UTC',
    ...(upload?.duplicateModes ? { duplicates } : {}),
  });
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const uploaded = async (next: ImportUploadView) => {
    setUpload(next);
    const known = await api.remembered(next.id, source.trim()).catch(() => null);
    const usable = known && Object.keys(known).length > 0;
    setMapping(usable ? known : next.mapping);
    setRemembered(Boolean(usable));
    setError(null);
    setStep({ name: 'map' });
  };
  const review = () =>
    run(async () => {
      const [summary, rows] = await Promise.all([api.dryRun(upload!.id, choice()), api.preview(upload!.id, choice())]);
      setStep({ name: 'review', summary, rows });
    });
  const commit = (skipErrorRows: boolean) =>
    run(async () => {
      if (step.name !== 'review') return;
      const job = await api.commit(upload!.id, choice(), skipErrorRows);
      setStep({ name: 'commit', job, summary: step.summary, rows: step.rows });
    });
  const finished = useCallback(
    (result: ImportCommitResult) => {
      setStep({ name: 'done', result });
      void queryClient.invalidateQueries({ queryKey: ['imports', base] });
    },
    [queryClient, base],
  );
  const failed = useCallback((message: string) => {
    setError(message);
    setStep((current) =>
      current.name === 'commit' ? { name: 'review', summary: current.summary, rows: current.rows } : current,
    );
  }, []);
  const startOver = () => {
    setStep({ name: 'upload' });
    setUpload(null);
    setError(null);
    setUndone(false);
    setUndoJob(null);
  };
  const backToUpload = () => {
    // The file is dropped on the server; the source name stays for the next file.
    if (upload) void api.abandon(upload.id).catch(() => {});
    startOver();
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Steps">
            {STEPS.map((label, i) => (
              <li
                key={label}
                aria-current={i === STEP_INDEX[step.name] ? 'step' : undefined}
                className={i === STEP_INDEX[step.name] ? 'font-semibold' : 'text-muted-foreground'}
              >
                {i + 1}. {label}
              </li>
            ))}
          </ol>
          <CardTitle ref={title} tabIndex={-1} className="pt-2 text-xl focus-visible:outline-none">
            {STEPS[STEP_INDEX[step.name]]}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {step.name === 'upload' && (
            <UploadStep
              api={api}
              sourceExamples={sourceExamples}
              source={source}
              onSourceChange={setSource}
              knownSources={sources.data ?? []}
              onUploaded={(next) => void uploaded(next)}
            />
          )}
          {step.name === 'map' && upload && (
            <MapStep
              upload={upload}
              mapping={mapping}
              remembered={remembered}
              onChange={setMapping}
              noun={noun}
              duplicates={duplicates}
              onDuplicatesChange={setDuplicates}
              onBack={backToUpload}
              onNext={() => void review()}
              busy={busy}
              error={error}
            />
          )}
          {step.name === 'review' && upload && (
            <ReviewStep
              noun={noun}
              fields={upload.fields}
              summary={step.summary}
              rows={step.rows}
              describesDuplicates={Boolean(upload.duplicateModes)}
              onBack={() => {
                setError(null);
                setStep({ name: 'map' });
              }}
              onCommit={(skip) => void commit(skip)}
              busy={busy}
              error={error}
            />
          )}
          {step.name === 'commit' && <CommitStep api={api} job={step.job} onDone={finished} onFailed={failed} />}
          {step.name === 'done' && (
            <div className="space-y-4" aria-live="polite">
              <p ref={doneText} tabIndex={-1} className="focus-visible:outline-none">
                {undone
                  ? `The import was undone: its ${noun} are gone.`
                  : `Imported ${countOf(step.result.imported, noun)}` +
                    (step.result.updated ? `, updated ${step.result.updated.toLocaleString('en-US')}` : '') +
                    (step.result.duplicates ? `, skipped ${plural(step.result.duplicates, 'likely duplicate')}` : '') +
                    (step.result.skippedErrors
                      ? `, left out ${plural(step.result.skippedErrors, 'row')} with errors`
                      : '') +
                    '.'}
              </p>
              {error && (
                <p role="alert" className="text-sm text-destructive">
                  {error}
                </p>
              )}
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link to={done.to}>{done.label}</Link>
                </Button>
                {undoJob && !undone && (
                  <div className="w-64">
                    <JobProgress
                      jobId={undoJob}
                      label="Undoing the import"
                      cancellable={false}
                      succeeded={() => null}
                      onFinished={(job) => {
                        setUndoJob(null);
                        if (job.status === 'succeeded') setUndone(true);
                        else setError(job.error ?? 'The undo did not finish.');
                        void queryClient.invalidateQueries({ queryKey: batchesKey });
                      }}
                    />
                  </div>
                )}
                {!undone && !undoJob && (
                  <UndoBatch
                    size="default"
                    noun={noun}
                    rows={step.result.imported}
                    changedSince={0}
                    note={
                      step.result.updated === undefined
                        ? undefined
                        : step.result.updated > 0
                          ? `The ${countOf(step.result.updated, noun)} it updated ${step.result.updated === 1 ? 'gets its' : 'get their'} earlier values back.`
                          : null
                    }
                    busy={busy}
                    onUndo={() =>
                      void run(async () => {
                        setUndoJob((await api.undo(step.result.batchId)).id);
                        // Undo gives way to the progress: the focus goes to what the import did,
                        // which says when it is undone.
                        doneText.current?.focus();
                        // The recent imports show the undo under way too.
                        await queryClient.invalidateQueries({ queryKey: batchesKey });
                      })
                    }
                  />
                )}
                <Button variant="outline" onClick={startOver}>
                  Import another file
                </Button>
              </div>
            </div>
          )}
        </CardContent>
      </Card>
      <section aria-labelledby="recent-imports" className="space-y-3">
        <h2 id="recent-imports" className="text-lg font-semibold">
          Recent imports
        </h2>
        <RecentBatches api={api} noun={noun} queryKey={batchesKey} />
      </section>
    </div>
  );
}

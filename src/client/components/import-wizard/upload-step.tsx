import { useId, useRef, useState, type DragEvent } from 'react';
import { Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatFileSize } from '#shared/format';
import { IMPORT_LIMITS, type ImportUploadView } from '#shared/imports';
import type { ImportApi } from './import-api';
import { ProgressBar } from '@/components/ui/progress-bar';

/** Step 1: the source's name (its mapping is remembered by it) and the CSV, dropped or picked. */
export function UploadStep({
  api,
  source,
  onSourceChange,
  knownSources,
  sourceExamples: [first, second],
  onUploaded,
}: {
  api: ImportApi;
  source: string;
  onSourceChange: (source: string) => void;
  knownSources: string[];
  sourceExamples: [string, string];
  onUploaded: (upload: ImportUploadView) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const ids = { source: useId(), file: useId(), sources: useId(), error: useId() };

  const submit = async () => {
    if (progress) return;
    setError(null);
    if (!source.trim()) return setError(`Name the source of the file (for example "${first}" or "${second}").`);
    if (!file) return setError('Choose a CSV file to upload.');
    setProgress({ sent: 0, total: file.size });
    try {
      onUploaded(await api.upload(file, (sent, total) => setProgress({ sent, total })));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The upload failed. Please try again.');
    } finally {
      setProgress(null);
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) setFile(dropped);
  };

  return (
    <form
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="space-y-2">
        <Label htmlFor={ids.source}>Source</Label>
        <Input
          id={ids.source}
          value={source}
          list={ids.sources}
          maxLength={IMPORT_LIMITS.sourceName}
          placeholder={`${first}, ${second}…`}
          onChange={(event) => onSourceChange(event.target.value)}
        />
        <datalist id={ids.sources}>
          {knownSources.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <p className="text-sm text-muted-foreground">The column mapping is remembered for each source.</p>
      </div>
      <div
        className={`rounded-lg border-2 border-dashed p-6 text-center ${dragging ? 'border-primary bg-muted' : 'border-input'}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <Upload className="mx-auto mb-2 size-6 text-muted-foreground" aria-hidden="true" />
        <p className="mb-3 text-sm">Drop a CSV file here, or</p>
        <Label htmlFor={ids.file} className="sr-only">
          CSV file
        </Label>
        <input
          id={ids.file}
          ref={input}
          type="file"
          accept=".csv,.txt,text/csv"
          // The button below opens it: one stop in the tab order, not two.
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Button type="button" variant="outline" onClick={() => input.current?.click()}>
          Choose a file
        </Button>
        <p className="mt-3 text-sm text-muted-foreground" aria-live="polite">
          {file
            ? `${file.name} (${formatFileSize(file.size)})`
            : 'UTF-8 CSV, comma, semicolon or tab separated, with a header row.'}
        </p>
      </div>
      {progress && <ProgressBar label="Uploading" value={progress.sent} max={progress.total} showLabel />}
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {/* Busy, not disabled, while it uploads: a file refused left the focus on the page, not
          here beside the reason (which the button names). */}
      <Button type="submit" aria-busy={progress !== null || undefined} aria-describedby={error ? ids.error : undefined}>
        {progress ? 'Uploading…' : 'Upload and continue'}
      </Button>
    </form>
  );
}

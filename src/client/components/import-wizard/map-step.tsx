import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import type { DuplicateMode, ImportMapping, ImportUploadView } from '#shared/imports';
import { DuplicateChoice } from './duplicate-choice';
import { plural } from '@/lib/plural';

/** Step 2: which column fills each field; required fields are marked and checked before moving on. */
export function MapStep({
  upload,
  mapping,
  remembered,
  onChange,
  noun,
  duplicates,
  onDuplicatesChange,
  onBack,
  onNext,
  busy,
  error,
}: {
  upload: ImportUploadView;
  mapping: ImportMapping;
  remembered: boolean;
  onChange: (mapping: ImportMapping) => void;
  noun: string;
  duplicates: DuplicateMode;
  onDuplicatesChange: (mode: DuplicateMode) => void;
  onBack: () => void;
  onNext: () => void;
  busy: boolean;
  error: string | null;
}) {
  const base = useId();
  const missing = upload.fields.filter((f) => f.required && !mapping[f.key]);
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted-foreground">
        {upload.fileName}: {plural(upload.rows, 'row')}.{' '}
        {remembered
          ? 'The columns are mapped as last time for this source.'
          : 'The columns are guessed from their names; check them.'}
      </p>
      <div className="divide-y rounded-lg border">
        {upload.fields.map((field) => {
          const id = `${base}-${field.key}`;
          return (
            <div key={field.key} className="grid gap-2 p-3 sm:grid-cols-2 sm:items-center">
              <div>
                <label htmlFor={id} className="font-medium">
                  {field.label}
                  {field.required && <span aria-hidden="true"> *</span>}
                  {field.required && <span className="sr-only"> (required)</span>}
                </label>
                {field.hint && <p className="text-xs text-muted-foreground">{field.hint}</p>}
              </div>
              <NativeSelect
                id={id}
                value={mapping[field.key] ?? ''}
                onChange={(event) => {
                  const next = { ...mapping };
                  if (event.target.value) next[field.key] = event.target.value;
                  else delete next[field.key];
                  onChange(next);
                }}
              >
                <option value="">— Not imported —</option>
                {upload.headers.map((header, i) => (
                  <option key={`${header}-${i}`} value={header}>
                    {header || `(column ${i + 1} has no name)`}
                  </option>
                ))}
              </NativeSelect>
            </div>
          );
        })}
      </div>
      {upload.duplicateModes && (
        <DuplicateChoice noun={noun} modes={upload.duplicateModes} value={duplicates} onChange={onDuplicatesChange} />
      )}
      {missing.length > 0 && (
        <p className="text-sm text-muted-foreground">
          Choose a column for {missing.map((f) => f.label).join(' and ')}.
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
        <Button onClick={onNext} disabled={busy || missing.length > 0}>
          {busy ? 'Checking the whole file…' : 'Preview'}
        </Button>
      </div>
    </div>
  );
}

import { Button } from '@/components/ui/button';
import type { ImportDryRun, ImportFieldView, ImportPreviewRow } from '#shared/imports';
import { plural } from '@/lib/plural';

/**
 * Step 3: the dry run's counts over the whole file, its first errors by row, and the first rows
 * as they will be imported. Rows with errors block the import unless the person chooses to leave
 * them out, by a button that says how many (docs/decisions/0113).
 */
export function ReviewStep({
  noun,
  fields,
  summary,
  rows,
  describesDuplicates = false,
  onBack,
  onCommit,
  busy,
  error,
}: {
  noun: string;
  fields: ImportFieldView[];
  summary: ImportDryRun;
  rows: ImportPreviewRow[];
  /** Targets with duplicate choices say which stored record a skipped row matches. */
  describesDuplicates?: boolean;
  onBack: () => void;
  onCommit: (skipErrorRows: boolean) => void;
  busy: boolean;
  error: string | null;
}) {
  const shown = fields.filter((f) => rows.some((r) => r.cells[f.key] !== undefined));
  const updates = summary.updates ?? 0;
  const counts: [string, number][] =
    summary.updates === undefined
      ? [
          [`New ${noun}`, summary.newRows],
          ['Likely duplicates, skipped', summary.duplicates],
          ['Rows with errors', summary.errorRows],
        ]
      : [
          ['To create', summary.newRows],
          ['To update', updates],
          [
            summary.fileDuplicates
              ? `To skip (${plural(summary.fileDuplicates, 'repeats an earlier row', 'repeat earlier rows')})`
              : 'To skip',
            summary.duplicates,
          ],
          ['Rows with problems', summary.errorRows],
        ];
  const importLabel =
    summary.updates === undefined
      ? `Import ${plural(summary.newRows, noun.replace(/s$/, ''), noun)}`
      : `Import: create ${summary.newRows.toLocaleString('en-US')}, update ${updates.toLocaleString('en-US')}`;
  const nothing = summary.newRows + updates === 0;
  return (
    <div className="space-y-5">
      <dl className={`grid gap-3 ${counts.length === 4 ? 'sm:grid-cols-4' : 'sm:grid-cols-3'}`}>
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{Number(value).toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
      {summary.errors.length > 0 && (
        <section aria-labelledby="import-errors" className="rounded-lg border border-destructive/40 p-3">
          <h2 id="import-errors" className="mb-2 font-medium">
            Errors{summary.errorRows > summary.errors.length ? ` (the first ${summary.errors.length})` : ''}
          </h2>
          <ul className="max-h-60 space-y-1 overflow-auto text-sm">
            {summary.errors.map((e, i) => (
              <li key={`${e.row}-${i}`}>
                Row {e.row}: {e.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="import-preview">
        <h2 id="import-preview" className="mb-2 font-medium">
          Preview of the first {plural(rows.length, 'row')}
        </h2>
        {/* Focusable: a wide file scrolls sideways, and keyboards must reach it too. */}
        <div
          className="relative overflow-x-auto rounded-lg border"
          tabIndex={0}
          role="region"
          aria-labelledby="import-preview"
        >
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left">
              <tr>
                <th scope="col" className="p-2">
                  Row
                </th>
                {shown.map((f) => (
                  <th key={f.key} scope="col" className="p-2">
                    {f.label}
                  </th>
                ))}
                <th scope="col" className="p-2">
                  Result
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.row} className="border-t align-top">
                  <td className="p-2 tabular-nums">{row.row}</td>
                  {shown.map((f) => (
                    <td key={f.key} className="max-w-48 truncate p-2">
                      {row.cells[f.key] ?? ''}
                    </td>
                  ))}
                  <td className="p-2">
                    {row.errors.length > 0 ? (
                      <span className="text-destructive">{row.errors.map((e) => e.message).join('; ')}</span>
                    ) : row.duplicate ? (
                      <span className="text-muted-foreground">
                        {row.duplicateOf !== undefined
                          ? `Repeats row ${row.duplicateOf}: skipped`
                          : describesDuplicates && row.note
                            ? `${row.note}: skipped`
                            : 'Likely duplicate: skipped'}
                      </span>
                    ) : (
                      (row.note ?? 'New')
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back to the mapping
        </Button>
        {summary.errorRows === 0 ? (
          <Button onClick={() => onCommit(false)} disabled={busy || nothing}>
            {importLabel}
          </Button>
        ) : (
          <Button onClick={() => onCommit(true)} disabled={busy || nothing}>
            Import without the {plural(summary.errorRows, 'row')} with errors
          </Button>
        )}
      </div>
      {nothing && <p className="text-sm text-muted-foreground">There is nothing new to import.</p>}
    </div>
  );
}

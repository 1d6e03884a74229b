/**
 * A labelled progress bar. Kept to the wizard on purpose: a shared progress component for jobs
 * is being written; this one has the same inputs (done, total, label) so it is easy to swap.
 */
export function ProgressBar({ label, done, total }: { label: string; done: number; total: number | null }) {
  const percent = total && total > 0 ? Math.min(100, Math.round((done / total) * 100)) : null;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        {percent !== null && <span className="tabular-nums text-muted-foreground">{percent}%</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={percent === null ? 'h-full w-1/3 animate-pulse bg-primary' : 'h-full bg-primary transition-all'}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

import { cn } from '@/lib/utils';

/**
 * The one progress bar of the portal: uploads, imports, background jobs, onboarding. `max` is
 * null while the total is not known yet (a job waiting to start): the bar pulses instead of
 * claiming a percentage. `label` is its accessible name; `showLabel` also prints it above the
 * bar with the percentage, for screens that have no caption of their own.
 */
export function ProgressBar({
  label,
  value,
  max,
  showLabel = false,
  valueText,
  className,
}: {
  label: string;
  value: number;
  max: number | null;
  showLabel?: boolean;
  /** What a screen reader says instead of the bare number ("3 of 12"). */
  valueText?: string;
  className?: string;
}) {
  const percent = max === null ? null : max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  const bar = (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max ?? undefined}
      aria-valuenow={percent === null ? undefined : value}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', !showLabel && className)}
    >
      <div
        className={percent === null ? 'h-full w-1/3 animate-pulse bg-primary' : 'h-full bg-primary transition-[width]'}
        style={percent === null ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
  if (!showLabel) return bar;
  return (
    <div className={cn('space-y-1', className)}>
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        {percent !== null && <span className="tabular-nums text-muted-foreground">{percent}%</span>}
      </div>
      {bar}
    </div>
  );
}

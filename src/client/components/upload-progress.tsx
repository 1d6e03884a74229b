import { ProgressBar } from '@/components/ui/progress-bar';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * "Uploading… N%" with its bar, for uploads sent with XHR progress (the file manager, a chat
 * message's files, an onboarding video). `fraction` runs from 0 to 1. `detail` says what is
 * going ('"Budget.xlsx", 2 of 5'), and `onCancel` adds a Cancel button that stops it.
 */
export function UploadProgress({
  fraction,
  label = 'Uploading',
  detail,
  onCancel,
  className,
}: {
  fraction: number;
  /** The bar's accessible name ('Uploading video for Welcome'). */
  label?: string;
  detail?: string;
  onCancel?: () => void;
  className?: string;
}) {
  const percent = Math.round(fraction * 100);
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div className="min-w-0 flex-1">
        {/* Only the name is shortened on a narrow screen: the percentage always shows. */}
        <p className="mb-1 flex gap-1 text-sm text-muted-foreground" aria-live="polite">
          <span className="min-w-0 truncate">Uploading{detail ? ` ${detail}` : ''}…</span>
          <span className="shrink-0">{percent}%</span>
        </p>
        <ProgressBar label={label} value={percent} max={100} />
      </div>
      {onCancel && (
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Cancel upload
        </Button>
      )}
    </div>
  );
}

import { useId } from 'react';

/**
 * "Uploading… N%" with its bar, for uploads sent with XHR progress (the file manager, a chat
 * message's files). `fraction` runs from 0 to 1.
 */
export function UploadProgress({ fraction, className }: { fraction: number; className?: string }) {
  const labelId = useId();
  const percent = Math.round(fraction * 100);
  return (
    <div className={className}>
      <p className="mb-1 text-sm text-muted-foreground" id={labelId}>
        Uploading… {percent}%
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

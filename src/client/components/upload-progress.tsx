import { ProgressBar } from '@/components/ui/progress-bar';

/**
 * "Uploading… N%" with its bar, for uploads sent with XHR progress (the file manager, a chat
 * message's files). `fraction` runs from 0 to 1.
 */
export function UploadProgress({ fraction, className }: { fraction: number; className?: string }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className={className}>
      <p className="mb-1 text-sm text-muted-foreground" aria-live="polite">
        Uploading… {percent}%
      </p>
      <ProgressBar label="Uploading" value={percent} max={100} />
    </div>
  );
}

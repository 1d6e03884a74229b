/** How much of a message's files has been sent (XHR upload progress). */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="pb-2">
      <p className="mb-1 text-xs text-muted-foreground" id="chat-upload-progress-label">
        Uploading… {percent}%
      </p>
      <div
        role="progressbar"
        aria-labelledby="chat-upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

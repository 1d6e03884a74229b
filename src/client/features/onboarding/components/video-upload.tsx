import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { videoTooLargeMessage, type OnboardingStep } from '#shared/onboarding';
import { useUploadVideo } from '../api/upload-video';
import { ProgressBar } from '@/components/ui/progress-bar';

/** Upload or replace a step's video (MP4 or WebM), with a progress bar while it goes. */
export function VideoUpload({ step, maxMb }: { step: OnboardingStep; maxMb: number }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useUploadVideo(step.id, (fraction) => setPercent(Math.round(fraction * 100)));
  const replacing = step.video?.kind === 'upload';

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxMb * 1024 * 1024) {
      toast.error('Video not uploaded', { description: videoTooLargeMessage(maxMb) });
      return;
    }
    setPercent(0);
    try {
      await upload.mutateAsync(file);
      toast.success(replacing ? 'Video replaced' : 'Video uploaded', { description: step.title });
    } catch (err) {
      toast.error('Video not uploaded', { description: err instanceof Error ? err.message : String(err) });
    } finally {
      setPercent(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="space-y-2">
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept="video/mp4,video/webm,.mp4,.webm"
        className="sr-only"
        aria-label={`${replacing ? 'Replace' : 'Upload'} video for ${step.title}`}
        onChange={(e) => void onFile(e.target.files?.[0])}
        disabled={percent !== null}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={percent !== null}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden="true" />
        {replacing ? 'Replace video' : 'Upload video'}
      </Button>
      {percent !== null && (
        <div className="space-y-1">
          <p className="text-xs text-muted-foreground" aria-live="polite">
            Uploading… {percent}%
          </p>
          <ProgressBar value={percent} max={100} label={`Uploading video for ${step.title}`} />
        </div>
      )}
    </div>
  );
}

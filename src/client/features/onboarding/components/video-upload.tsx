import { Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { videoTooLargeMessage, type OnboardingStep } from '#shared/onboarding';
import { UploadProgress } from '@/components/upload-progress';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { isUploadCancelled } from '@/lib/upload';
import { useUploadVideo } from '../api/upload-video';

/** Upload or replace a step's video (MP4 or WebM), with a progress bar while it goes. */
export function VideoUpload({ step, maxMb }: { step: OnboardingStep; maxMb: number }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const cancel = useRef<AbortController | null>(null);
  const [fraction, setFraction] = useState<number | null>(null);
  const upload = useUploadVideo(step.id, setFraction);
  const replacing = step.video?.kind === 'upload';

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxMb * 1024 * 1024) {
      toast.error('Video not uploaded', { description: videoTooLargeMessage(maxMb) });
      return;
    }
    setFraction(0);
    const controller = new AbortController();
    cancel.current = controller;
    try {
      await upload.mutateAsync({ file, signal: controller.signal });
      toast.success(replacing ? 'Video replaced' : 'Video uploaded', { description: step.title });
    } catch (err) {
      if (isUploadCancelled(err))
        toast.info('Upload cancelled', {
          description: replacing ? `${step.title} keeps its video.` : `${step.title} still has no video.`,
        });
      else toast.error('Video not uploaded', { description: err instanceof Error ? err.message : String(err) });
    } finally {
      cancel.current = null;
      setFraction(null);
      if (input.current) input.current.value = '';
      // The button was disabled while the video went, and the focus fell to the page: it comes
      // back to the button (Replace video now), found afresh in case the card was drawn anew.
      if (document.activeElement === document.body)
        void focusWhenDrawn(() => {
          const again = document.querySelector<HTMLButtonElement>(`button[data-video-upload="${step.id}"]`);
          return again && !again.disabled ? again : null;
        });
    }
  };

  // The Cancel button goes with the bar: the focus moves on to the upload button, enabled again.
  const onCancel = () => {
    cancel.current?.abort();
    void focusWhenDrawn(() => (button.current?.disabled === false ? button.current : null));
  };

  return (
    <div className="space-y-2">
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept="video/mp4,video/webm,.mp4,.webm"
        className="sr-only"
        // Chosen through the button below: one stop for the keyboard, not two.
        tabIndex={-1}
        aria-hidden="true"
        data-testid="video-input"
        onChange={(e) => void onFile(e.target.files?.[0])}
        disabled={fraction !== null}
      />
      <Button
        ref={button}
        type="button"
        variant="outline"
        size="sm"
        data-video-upload={step.id}
        disabled={fraction !== null}
        onClick={() => input.current?.click()}
      >
        <Upload aria-hidden="true" />
        {replacing ? 'Replace video' : 'Upload video'}
      </Button>
      {fraction !== null && (
        <UploadProgress fraction={fraction} label={`Uploading video for ${step.title}`} onCancel={onCancel} />
      )}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { toast } from '@/lib/toast';
import type { OnboardingStep } from '#shared/onboarding';
import { useReportProgress } from '../api/report-progress';

/** How often, at most, a playing video reports progress; pausing and ending report at once. */
const REPORT_EVERY_MS = 10_000;

/**
 * The uploaded video, streamed with range requests (the browser seeks by asking for bytes).
 * Starts where the person got to, until the step is done. Reports how far they got every ten
 * seconds while playing and whenever it pauses or ends; the server keeps the furthest point and marks the step done at 90%. The point is the
 * player's position, so skipping ahead counts: the portal trusts its coordinators (decision 0122).
 */
export function VideoPlayer({ step, url, type }: { step: OnboardingStep; url: string; type: string }) {
  const report = useReportProgress();
  const lastSent = useRef(0);
  const furthest = useRef(step.progress.watchedSeconds);

  const send = (video: HTMLVideoElement, force: boolean) => {
    const duration = video.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    furthest.current = Math.max(furthest.current, video.currentTime);
    const now = Date.now();
    if (!force && now - lastSent.current < REPORT_EVERY_MS) return;
    lastSent.current = now;
    report.mutate(
      { stepId: step.id, watchedSeconds: Math.min(furthest.current, duration), durationSeconds: duration },
      {
        onError: (err) =>
          toast.error('Your progress could not be saved', { id: 'onboarding-progress', description: err.message }),
      },
    );
  };

  // A new video (replaced by an admin) starts its own count.
  useEffect(() => {
    furthest.current = step.progress.watchedSeconds;
  }, [url, step.progress.watchedSeconds]);

  return (
    <video
      className="aspect-video w-full bg-black"
      controls
      preload="metadata"
      aria-label={`Video: ${step.title}`}
      data-step-video={step.id}
      onLoadedMetadata={(e) => {
        // Back where the person got to, for a step not yet done: a training of twenty minutes
        // left half-way is not found again by hand. A finished one starts from the beginning.
        const video = e.currentTarget;
        const at = step.progress.watchedSeconds;
        if (!step.progress.done && at > 0 && at < video.duration - 1) video.currentTime = at;
      }}
      onTimeUpdate={(e) => send(e.currentTarget, false)}
      onPause={(e) => send(e.currentTarget, true)}
      onEnded={(e) => send(e.currentTarget, true)}
    >
      <source src={url} type={type} />
      Your browser cannot play this video.
    </video>
  );
}

import { ArrowDown, ArrowUp, CheckCircle2, ExternalLink, Pencil, PlayCircle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { toast } from '@/lib/toast';
import { ConfirmAction, ConfirmButton } from '@/components/confirm-action';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import type { OnboardingStep } from '#shared/onboarding';
import { useDeleteStep } from '../api/delete-step';
import { useMarkDone } from '../api/mark-done';
import { useRemoveVideo } from '../api/remove-video';
import { StepForm } from './step-form';
import { VideoPlayer } from './video-player';
import { VideoUpload } from './video-upload';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** One numbered step: its video (or link, or "Video coming soon"), done state and, for admins, its tools. */
export function StepCard({
  step,
  isAdmin,
  maxMb,
  onMove,
  isFirst,
  isLast,
  moving,
}: {
  step: OnboardingStep;
  isAdmin: boolean;
  maxMb: number;
  onMove: (direction: -1 | 1) => void;
  isFirst: boolean;
  isLast: boolean;
  moving: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const markDone = useMarkDone();
  const headingId = `step-${step.id}`;
  const { video, progress } = step;

  const onMarkDone = async () => {
    if (markDone.isPending) return;
    try {
      await markDone.mutateAsync(step.id);
      // One toast however often it was clicked (a double-click sends two; the server records one).
      toast.success('Step marked as done', { description: step.title, id: `step-done-${step.id}` });
      // A Done badge replaces the button: the focus goes to the step's title beside it.
      void focusWhenDrawn(() => document.getElementById(headingId));
    } catch (err) {
      toast.error('Could not mark the step as done', { description: errorText(err) });
    }
  };

  return (
    // min-w-0 and the words broken anywhere: a long link in a description (or a title without
    // spaces) widened its card, and with it the grid and the whole page on a phone.
    <li aria-labelledby={headingId} className="min-w-0">
      <Card className="h-full overflow-hidden">
        {video?.kind === 'upload' ? (
          <VideoPlayer step={step} url={video.url} type={video.type} />
        ) : video?.kind === 'link' ? (
          <div className="flex aspect-video flex-col items-center justify-center gap-3 bg-muted text-muted-foreground">
            <PlayCircle className="size-12" aria-hidden="true" />
            <Button asChild variant="secondary">
              <a
                href={video.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Watch video: ${step.title} (opens in a new tab)`}
              >
                <ExternalLink aria-hidden="true" />
                Watch video
              </a>
            </Button>
          </div>
        ) : (
          <div className="flex aspect-video flex-col items-center justify-center gap-2 bg-muted text-muted-foreground">
            <PlayCircle className="size-12" aria-hidden="true" />
            <span className="text-sm">Video coming soon</span>
          </div>
        )}
        <CardContent className="space-y-4 p-6">
          <div className="flex gap-3">
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
              aria-hidden="true"
            >
              {step.number}
            </span>
            <div className="min-w-0 flex-1">
              <h2
                id={headingId}
                tabIndex={-1}
                className="font-semibold [overflow-wrap:anywhere] focus-visible:outline-none"
              >
                {step.title}
              </h2>
              {step.description && (
                <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{step.description}</p>
              )}
            </div>
            {progress.done && (
              <Badge variant="secondary" className="h-fit shrink-0 gap-1">
                <CheckCircle2 className="size-3" aria-hidden="true" />
                Done
              </Badge>
            )}
          </div>
          {!progress.done && video?.kind === 'upload' && progress.watchedSeconds > 0 && progress.durationSeconds && (
            <p className="text-sm text-muted-foreground" data-testid="video-progress">
              Watched {clock(progress.watchedSeconds)} of {clock(progress.durationSeconds)}: the video continues from
              there.
            </p>
          )}
          {!progress.done && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => void onMarkDone()}
              aria-busy={markDone.isPending || undefined}
            >
              <CheckCircle2 aria-hidden="true" />
              Mark as done
            </Button>
          )}
          {isAdmin &&
            (editing ? (
              <StepForm
                step={step}
                onDone={() => {
                  setEditing(false);
                  // The form goes with its buttons: the focus goes back to the step's Edit button.
                  void focusWhenDrawn(() => document.querySelector<HTMLElement>(`[data-edit-step="${step.id}"]`));
                }}
              />
            ) : (
              <AdminTools
                step={step}
                maxMb={maxMb}
                onEdit={() => setEditing(true)}
                onMove={onMove}
                isFirst={isFirst}
                isLast={isLast}
                moving={moving}
              />
            ))}
        </CardContent>
      </Card>
    </li>
  );
}

function AdminTools({
  step,
  maxMb,
  onEdit,
  onMove,
  isFirst,
  isLast,
  moving,
}: {
  step: OnboardingStep;
  maxMb: number;
  onEdit: () => void;
  onMove: (direction: -1 | 1) => void;
  isFirst: boolean;
  isLast: boolean;
  moving: boolean;
}) {
  const removeVideo = useRemoveVideo();
  const deleteStep = useDeleteStep();
  const onRemoveVideo = async () => {
    try {
      await removeVideo.mutateAsync(step.id);
      toast.success('Video removed', { description: step.title });
    } catch (err) {
      toast.error('Could not remove the video', { description: errorText(err) });
    }
  };
  const onDelete = async () => {
    // The step goes with its buttons: the focus goes to the next step's title, or the one
    // before, else to Add step. It fell to the page.
    const card = document.querySelector(`li[aria-labelledby="step-${step.id}"]`);
    const neighbour = card?.nextElementSibling ?? card?.previousElementSibling;
    try {
      await deleteStep.mutateAsync(step.id);
      toast.success('Step removed', { description: step.title });
      void focusWhenDrawn(() =>
        card?.isConnected
          ? null
          : (neighbour?.querySelector<HTMLElement>('h2[tabindex]') ??
            document.querySelector<HTMLElement>('button[data-add-step]')),
      );
    } catch (err) {
      toast.error('Could not remove the step', { description: errorText(err) });
    }
  };
  return (
    <div role="group" aria-label={`Manage ${step.title}`} className="flex flex-wrap items-start gap-2 border-t pt-4">
      <Button variant="outline" size="sm" data-edit-step={step.id} onClick={onEdit}>
        <Pencil aria-hidden="true" />
        Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={isFirst}
        aria-busy={moving || undefined}
        data-move={`${step.id}-up`}
        onClick={() => onMove(-1)}
        aria-label={`Move ${step.title} up`}
      >
        <ArrowUp aria-hidden="true" />
        Move up
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={isLast}
        aria-busy={moving || undefined}
        data-move={`${step.id}-down`}
        onClick={() => onMove(1)}
        aria-label={`Move ${step.title} down`}
      >
        <ArrowDown aria-hidden="true" />
        Move down
      </Button>
      <VideoUpload step={step} maxMb={maxMb} />
      {step.video?.kind === 'upload' && (
        <ConfirmButton
          variant="outline"
          size="sm"
          title="Remove this video?"
          description={`The video of "${step.title}" will be deleted. The step stays.`}
          confirmLabel="Remove video"
          onConfirm={() => void onRemoveVideo()}
        >
          Remove video
        </ConfirmButton>
      )}
      <ConfirmAction
        trigger={
          <Button variant="outline" size="sm" className="text-destructive" aria-label={`Delete step ${step.title}`}>
            <Trash2 aria-hidden="true" />
            Delete step
          </Button>
        }
        title="Delete this step?"
        description={`"${step.title}", its video and everyone's progress on it will be deleted. This cannot be undone.`}
        confirmLabel="Delete step"
        onConfirm={() => void onDelete()}
      />
    </div>
  );
}

/** "1:05", "12:30", "1:02:03": a point in a video. */
function clock(seconds: number): string {
  const total = Math.floor(seconds);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

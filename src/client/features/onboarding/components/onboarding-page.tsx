import { ArrowLeft, GraduationCap, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/features/auth/api/get-me';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { moveItem } from '@/lib/move-item';
import { useOnboarding } from '../api/get-onboarding';
import { useReorderSteps } from '../api/reorder-steps';
import { ProgressBar } from '@/components/ui/progress-bar';
import { StepCard } from './step-card';
import { StepForm } from './step-form';

/** /onboarding: the numbered training steps with their videos, one's progress, and the admins' tools. */
export function OnboardingPage() {
  const { data: me } = useMe();
  const onboarding = useOnboarding();
  const reorder = useReorderSteps();
  const [adding, setAdding] = useState(false);
  const isAdmin = me?.role === 'admin';
  const view = onboarding.data;

  const onMove = async (index: number, direction: -1 | 1) => {
    // One move at a time: the buttons stay enabled while it is saved, so they keep the focus.
    if (!view || reorder.isPending) return;
    const moved = view.steps[index]!.id;
    const ids = moveItem(
      view.steps.map((s) => s.id),
      index,
      index + direction,
    );
    try {
      await reorder.mutateAsync(ids);
      // The focus follows the step to its new place: the same button, or the other one once the
      // step is first or last (a disabled button cannot hold the focus). Chosen by the place it
      // goes to, not by what is enabled now: the list may not be drawn in its new order yet, and
      // a button focused then was disabled by the redraw a moment later.
      const to = index + direction;
      const atEnd = direction === -1 ? to === 0 : to === ids.length - 1;
      const way = (direction === -1) !== atEnd ? 'up' : 'down';
      void focusWhenDrawn(() => {
        const button = document.querySelector<HTMLButtonElement>(`[data-move="${moved}-${way}"]`);
        return button && !button.disabled ? button : null;
      });
    } catch (err) {
      toast.error('Could not move the step', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  // The steps are side by side from 672 px of the screen's own width, not the window's: beside the
  // sidebar on a tablet two cards had about 225 px, a thumbnail of a video (decision 0155).
  return (
    <div className="@container">
      <Button asChild variant="ghost" className="mb-4 -ml-2">
        <Link to="/more">
          <ArrowLeft aria-hidden="true" />
          Back to More
        </Link>
      </Button>
      <PageHeader title="Coordinator Onboarding" description="Watch these videos in order to get started" />
      {onboarding.isPending ? (
        <div role="status" className="grid gap-6 @2xl:grid-cols-2">
          <span className="sr-only">Loading onboarding steps</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-72 w-full" />
          ))}
        </div>
      ) : onboarding.isError ? (
        <LoadError
          title="The onboarding steps could not be loaded"
          error={onboarding.error}
          onRetry={() => void onboarding.refetch()}
        />
      ) : (
        <>
          <Card className="mb-6">
            <CardContent className="space-y-2 p-6">
              <p className="font-medium" id="onboarding-progress-label">
                {view!.done} of {view!.total} steps done
              </p>
              <ProgressBar value={view!.done} max={view!.total} label="Your onboarding progress" />
            </CardContent>
          </Card>
          {isAdmin && (
            <div className="mb-6">
              {adding ? (
                <Card>
                  <CardContent className="p-6">
                    <StepForm
                      onDone={() => {
                        setAdding(false);
                        // Added or cancelled, the form goes: the focus goes to Add step again.
                        void focusWhenDrawn(() => document.querySelector<HTMLElement>('button[data-add-step]'));
                      }}
                    />
                  </CardContent>
                </Card>
              ) : (
                <Button data-add-step onClick={() => setAdding(true)}>
                  <Plus aria-hidden="true" />
                  Add step
                </Button>
              )}
            </div>
          )}
          {view!.steps.length === 0 ? (
            <EmptyState
              icon={GraduationCap}
              action={
                isAdmin &&
                !adding && (
                  <Button variant="outline" onClick={() => setAdding(true)}>
                    <Plus aria-hidden="true" />
                    Add the first step
                  </Button>
                )
              }
            >
              No onboarding steps yet.{isAdmin ? ' Add the first one above.' : ''}
            </EmptyState>
          ) : (
            <ol className="grid gap-6 @2xl:grid-cols-2" aria-label="Onboarding steps">
              {view!.steps.map((step, index) => (
                <StepCard
                  key={step.id}
                  step={step}
                  isAdmin={isAdmin}
                  maxMb={view!.videoMaxMb}
                  onMove={(direction) => void onMove(index, direction)}
                  isFirst={index === 0}
                  isLast={index === view!.steps.length - 1}
                  moving={reorder.isPending}
                />
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  );
}

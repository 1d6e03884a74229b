import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { ONBOARDING_LIMITS, type OnboardingStep } from '#shared/onboarding';
import { onboardingStepInputSchema } from '#shared/schemas/onboarding';
import { useSaveStep } from '../api/save-step';

/** Adds a step, or edits one's title, description and video link (admins). */
export function StepForm({ step, onDone }: { step?: OnboardingStep; onDone: () => void }) {
  const id = useId();
  const save = useSaveStep();
  const [title, setTitle] = useState(step?.title ?? '');
  const [description, setDescription] = useState(step?.description ?? '');
  const [videoLink, setVideoLink] = useState(step?.video?.kind === 'link' ? step.video.url : '');
  const [error, setError] = useState<string | null>(null);
  const hasUpload = step?.video?.kind === 'upload';
  useUnsavedChanges(
    title !== (step?.title ?? '') ||
      description !== (step?.description ?? '') ||
      videoLink !== (step?.video?.kind === 'link' ? step.video.url : ''),
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { title, description, videoLink: hasUpload ? null : videoLink };
    const checked = onboardingStepInputSchema.safeParse(input);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setError(null);
    try {
      await save.mutateAsync({ id: step?.id, ...input });
      toast.success(step ? 'Step saved' : 'Step added');
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <form
      className="space-y-3"
      // The schema's messages, under the form, as in every other form: the browser's own bubbles
      // ("Please fill out this field.") spoke over the message of the try before.
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={step ? `Edit ${step.title}` : 'Add a step'}
    >
      <div className="space-y-1">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={title}
          maxLength={ONBOARDING_LIMITS.title}
          onChange={(e) => setTitle(e.target.value)}
          required
          // The button that opened the form is gone with it: the title takes the focus.
          autoFocus
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          value={description}
          maxLength={ONBOARDING_LIMITS.description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </div>
      {!hasUpload && (
        <div className="space-y-1">
          <Label htmlFor={`${id}-link`}>Video link (optional)</Label>
          <Input
            id={`${id}-link`}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={videoLink}
            maxLength={ONBOARDING_LIMITS.link}
            onChange={(e) => setVideoLink(e.target.value)}
          />
          <p className="text-xs text-muted-foreground">The address of a video page; it opens in a new tab.</p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {step ? 'Save step' : 'Add step'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

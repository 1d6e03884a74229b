import { usePeopleProgress } from '../api/get-people-progress';
import { ProgressBar } from '@/components/ui/progress-bar';

/** "Onboarding 2/4" with a bar, for one person in User Management (one list answers everyone). */
export function OnboardingProgress({ userId, email }: { userId: string; email: string }) {
  const { data } = usePeopleProgress();
  if (!data || data.total === 0) return null;
  const done = data.people.find((p) => p.userId === userId)?.done ?? 0;
  return (
    <div className="mt-2 max-w-48 space-y-1" data-onboarding-progress={userId}>
      <p className="text-xs text-muted-foreground">
        Onboarding {done}/{data.total}
      </p>
      <ProgressBar value={done} max={data.total} label={`Onboarding progress of ${email}`} />
    </div>
  );
}

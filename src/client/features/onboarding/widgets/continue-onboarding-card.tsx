import { GraduationCap } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useOnboarding } from '../api/get-onboarding';
import { ProgressBar } from '@/components/ui/progress-bar';

/**
 * "Continue onboarding" on a coordinator's dashboard until every step is done (decision 0122:
 * coordinators holding `more` only; admins make the training rather than take it).
 */
export function ContinueOnboardingCard({ show }: { show: boolean }) {
  const { data } = useOnboarding({ enabled: show });
  if (!show || !data || data.total === 0 || data.done >= data.total) return null;
  return (
    <Card className="mb-6" role="region" aria-labelledby="continue-onboarding-title">
      <CardContent className="flex flex-wrap items-center gap-4 p-6">
        <GraduationCap className="size-8 shrink-0 text-primary" aria-hidden="true" />
        {/* At least 12rem: on a phone the button goes under the progress instead of squeezing it to a word a line. */}
        <div className="min-w-0 flex-1 basis-48 space-y-2">
          <h2 id="continue-onboarding-title" className="font-semibold">
            Continue onboarding
          </h2>
          <p className="text-sm text-muted-foreground">
            {data.done} of {data.total} steps done
          </p>
          <ProgressBar value={data.done} max={data.total} label="Onboarding progress" />
        </div>
        <Button asChild className="w-full sm:w-auto">
          <Link to="/onboarding">Continue onboarding</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

import { ArrowLeft, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

const VIDEOS = [
  { title: 'Getting Started as a Coordinator', description: 'Your role, the portal, and the people you will serve.' },
  { title: 'Understanding Cardholder Needs', description: 'Listening well and knowing what support is available.' },
  { title: 'Tools and Resources', description: 'Partners, tasks, calendar, chat and files: where to find what.' },
  { title: 'Best Practices and Tips', description: 'Lessons from experienced coordinators.' },
];

/** /onboarding: four numbered training videos (placeholders until the recordings exist). */
export function OnboardingPage() {
  return (
    <>
      <Button asChild variant="ghost" className="mb-4 -ml-2">
        <Link to="/more">
          <ArrowLeft aria-hidden="true" />
          Back to More
        </Link>
      </Button>
      <PageHeader title="Coordinator Onboarding" description="Watch these videos in order to get started" />
      <ol className="grid gap-6 md:grid-cols-2">
        {VIDEOS.map((video, index) => (
          <li key={video.title}>
            <Card className="h-full overflow-hidden">
              <div className="flex aspect-video flex-col items-center justify-center gap-2 bg-muted text-muted-foreground">
                <PlayCircle className="size-12" aria-hidden="true" />
                <span className="text-sm">Video coming soon</span>
              </div>
              <CardContent className="flex gap-3 p-6">
                <span
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div>
                  <h2 className="font-semibold">{video.title}</h2>
                  <p className="text-sm text-muted-foreground">{video.description}</p>
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
    </>
  );
}

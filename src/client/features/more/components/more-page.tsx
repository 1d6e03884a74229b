import { ChevronRight, FileText, GraduationCap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Card, CardContent } from '@/components/ui/card';

const ENTRIES: { to: string; title: string; description: string; icon: LucideIcon }[] = [
  {
    to: '/onboarding',
    title: 'Coordinator Onboarding',
    description: 'Training videos for new and growing coordinators',
    icon: GraduationCap,
  },
  { to: '/forms', title: 'Forms', description: 'Build forms and send them to partners', icon: FileText },
];

/** /more: the hub for the smaller parts of the portal. */
export function MorePage() {
  return (
    <>
      <PageHeader title="More" description="Additional tools and resources" />
      {/* Side by side from 576 px of the screen's own width (decision 0155). */}
      <div className="@container">
        <ul className="grid gap-4 @xl:grid-cols-2">
          {ENTRIES.map(({ to, title, description, icon: Icon }) => (
            <li key={to}>
              <Card className="h-full transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
                <Link to={to} className="block h-full rounded-xl focus-visible:outline-none">
                  <CardContent className="flex items-center gap-4 p-6">
                    <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                      <Icon className="size-6" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-lg font-semibold">{title}</span>
                      <span className="block text-sm text-muted-foreground">{description}</span>
                    </span>
                    <ChevronRight className="size-5 text-muted-foreground" aria-hidden="true" />
                  </CardContent>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

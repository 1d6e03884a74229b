import { Construction } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from './page-header';

/**
 * A screen whose feature has not been built yet: its title and an honest note, with no
 * controls that pretend to work.
 */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent className="flex items-center gap-3 p-6 text-muted-foreground">
          <Construction className="size-5 shrink-0" aria-hidden="true" />
          <p>This part of the portal is not available yet.</p>
        </CardContent>
      </Card>
    </>
  );
}

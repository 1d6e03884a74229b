import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** A query that failed: what went wrong, in words, and a way to try again. */
export function LoadError({ title, error, onRetry }: { title: string; error: Error | null; onRetry: () => void }) {
  return (
    <Card role="alert">
      <CardContent className="flex flex-wrap items-center gap-3 p-6">
        <AlertTriangle className="size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="font-medium">{title}</p>
          {error && <p className="text-sm text-muted-foreground">{error.message}</p>}
        </div>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}

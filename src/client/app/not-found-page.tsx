import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-muted p-4 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-primary underline underline-offset-4 hover:text-primary/80">
        Return to Home
      </Link>
    </main>
  );
}

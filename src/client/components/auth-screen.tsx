import { Church } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PRODUCT_SUBTITLE, PRODUCT_TITLE } from '@/lib/product';

/** The frame of the screens outside the app: the product's name and mark, and one card (sign-in, forgot and reset password, account setup). */
export function AuthScreen({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-primary/10 via-background to-accent p-4">
      <div className="w-full max-w-md space-y-6">
        <div className="text-center">
          <div className="mx-auto mb-3 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Church className="size-7" aria-hidden="true" />
          </div>
          <h1 className="text-3xl font-bold tracking-tight">{PRODUCT_TITLE}</h1>
          <p className="mt-1 text-muted-foreground">{PRODUCT_SUBTITLE}</p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}

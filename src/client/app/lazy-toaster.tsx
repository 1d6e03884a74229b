import { lazy, Suspense } from 'react';

// sonner loads beside the first screen instead of inside its download (docs/decisions/0056).
const Toaster = lazy(() => import('sonner').then((sonner) => ({ default: sonner.Toaster })));

export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster richColors closeButton position="top-right" />
    </Suspense>
  );
}

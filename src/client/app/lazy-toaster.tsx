import { lazy, Suspense, type CSSProperties } from 'react';
import { MAX_OPEN_TOASTS } from '@/lib/toast';
import { useToastPlacement } from './use-toast-placement';

// sonner loads beside the first screen instead of inside its download (docs/decisions/0056).
const Toaster = lazy(() => import('sonner').then((sonner) => ({ default: sonner.Toaster })));

/**
 * The toaster, placed clear of any open dialog (`useToastPlacement`). Toasts are raised through
 * `lib/toast.ts`, which also keeps one of each failure and at most `MAX_OPEN_TOASTS` open;
 * sonner's own cap matches, so none waits hidden behind the others.
 */
export function LazyToaster() {
  const { position, width } = useToastPlacement();
  return (
    <Suspense fallback={null}>
      <Toaster
        richColors
        closeButton
        position={position}
        visibleToasts={MAX_OPEN_TOASTS}
        style={width === undefined ? undefined : ({ '--width': `${width}px` } as CSSProperties)}
      />
    </Suspense>
  );
}

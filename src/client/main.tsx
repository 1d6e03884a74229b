import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { LazyToaster } from './app/lazy-toaster';
import { router } from './app/router';
import { ApiError } from './lib/api';
import { startOffline } from './offline/start';
import './styles.css';

/**
 * A request refused because the account has a setup step to take first (an admin just required
 * two-factor sign-in, or set a temporary password): who-am-I is read again, and the page
 * guards lead to the step (app/guards.tsx).
 */
const onApiError = (err: unknown) => {
  if (err instanceof ApiError && err.code === 'ACCOUNT_SETUP_REQUIRED')
    void queryClient.invalidateQueries({ queryKey: ['me'] });
};

const queryClient: QueryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: true },
    // A change made offline is tried and fails in words ("nothing was saved"), rather than
    // waiting unseen and landing later (decision 0114); the writes that may wait are queued on
    // purpose, in their own hooks (src/client/offline/queue.ts, decision 0129).
    mutations: { networkMode: 'always' },
  },
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
});

// The answers saved on this device come back before the first render, so a reload without a
// connection shows the last screens instead of asking the server first (issue 24).
void startOffline(queryClient).finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <LazyToaster />
      </QueryClientProvider>
    </StrictMode>,
  ),
);

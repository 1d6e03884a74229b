import { createBrowserRouter, type RouteObject } from 'react-router';
import { SignInPage } from '@/features/auth/components/sign-in-page';
import { usePageTitle } from '@/lib/page-title';
import { ROUTE_FEATURES } from '#shared/navigation';
import { RequireFeature, SignedOutOnly } from './guards';
import { NotFoundPage } from './not-found-page';
import { PageFailure, RouteError } from './route-error';

/** Each feature's code loads with its route, so the sign-in screen stays small. */
const FEATURE_PAGES: Record<string, () => Promise<{ default: () => React.ReactNode }>> = {
  '/dashboard': () =>
    import('@/features/dashboard/components/dashboard-page').then((m) => ({ default: m.DashboardPage })),
  '/giving': () => import('@/features/giving/components/giving-page').then((m) => ({ default: m.GivingPage })),
  '/giving/import': () =>
    import('@/features/giving/components/gift-import-page').then((m) => ({ default: m.GiftImportPage })),
  '/partners': () => import('@/features/partners/components/partners-page').then((m) => ({ default: m.PartnersPage })),
  '/partners/import': () =>
    import('@/features/partners/components/partner-import-page').then((m) => ({ default: m.PartnerImportPage })),
  '/tasks': () => import('@/features/tasks/components/tasks-page').then((m) => ({ default: m.TasksPage })),
  '/calendar': () => import('@/features/calendar/components/calendar-page').then((m) => ({ default: m.CalendarPage })),
  '/chat': () => import('@/features/chat/components/chat-page').then((m) => ({ default: m.ChatPage })),
  '/files': () => import('@/features/files/components/files-page').then((m) => ({ default: m.FilesPage })),
  '/forms': () => import('@/features/forms/components/forms-page').then((m) => ({ default: m.FormsPage })),
  '/more': () => import('@/features/more/components/more-page').then((m) => ({ default: m.MorePage })),
  '/onboarding': () =>
    import('@/features/onboarding/components/onboarding-page').then((m) => ({ default: m.OnboardingPage })),
  '/settings': () => import('@/features/settings/components/settings-page').then((m) => ({ default: m.SettingsPage })),
  '/admin': () => import('@/features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })),
  '/admin/email': () => import('@/features/email/components/email-page').then((m) => ({ default: m.EmailPage })),
  '/admin/accounts': () =>
    import('@/features/accounts/components/accounts-page').then((m) => ({ default: m.AccountsPage })),
  '/admin/audit': () => import('@/features/audit/components/audit-page').then((m) => ({ default: m.AuditPage })),
};

/** Each screen's name in its tab's title (issue 27 item 7). */
const PAGE_TITLES: Record<string, string> = {
  '/dashboard': 'Dashboard',
  '/giving': 'Giving',
  '/giving/import': 'Import gifts',
  '/partners': 'Partners',
  '/partners/import': 'Import partners',
  '/tasks': 'Tasks',
  '/calendar': 'Calendar',
  '/chat': 'Chat',
  '/files': 'Files',
  '/forms': 'Forms',
  '/more': 'More',
  '/onboarding': 'Onboarding',
  '/settings': 'Settings',
  '/admin': 'User Management',
  '/admin/email': 'Email',
  '/admin/accounts': 'Accounts',
  '/admin/audit': 'Audit log',
};

const guardedRoutes: RouteObject[] = Object.entries(FEATURE_PAGES).map(([path, load]) => ({
  path,
  // Shown in the shell, beside the sidebar: the rest of the portal still works.
  errorElement: <RouteError />,
  lazy: async () => {
    let Page: () => React.ReactNode;
    try {
      ({ default: Page } = await load());
    } catch (error) {
      // Its code did not arrive (an old build's file after an upgrade, the connection lost):
      // said in words with a Reload button. A failed import is not left to the router, which
      // showed an empty page for it.
      return { Component: () => <PageFailure error={error} /> };
    }
    const feature = ROUTE_FEATURES[path]!;
    const title = PAGE_TITLES[path] ?? null;
    return {
      Component: function GuardedPage() {
        usePageTitle(title);
        return (
          <RequireFeature feature={feature}>
            <Page />
          </RequireFeature>
        );
      },
    };
  },
}));

/**
 * What a page whose code is still loading shows on the first visit (a link opened, a reload):
 * the router renders nothing until a lazy route has arrived, and said so in the console. Plain
 * elements, no icon: the router is in the sign-in screen's download (decision 0056).
 */
const loadingPage = (
  <div role="status" className="flex min-h-screen items-center justify-center">
    <span
      className="size-8 animate-spin rounded-full border-4 border-primary border-t-transparent"
      aria-hidden="true"
    />
    <span className="sr-only">Loading</span>
  </div>
);

const signIn = (
  <SignedOutOnly>
    <SignInPage />
  </SignedOutOnly>
);

/** The emailed password-reset screens (issue 16): open to anyone, loaded only when visited. */
const passwordResetRoutes: RouteObject[] = [
  {
    path: '/forgot-password',
    lazy: () =>
      import('@/features/auth/components/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
    hydrateFallbackElement: loadingPage,
  },
  {
    path: '/reset-password',
    lazy: () =>
      import('@/features/auth/components/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
    hydrateFallbackElement: loadingPage,
  },
];

/** A form's public link (issue 21): answered by anyone, with no session and outside the portal's shell. */
const publicFormRoute: RouteObject = {
  path: '/f/:token',
  lazy: () => import('@/features/forms/components/public-form-page').then((m) => ({ Component: m.PublicFormPage })),
  hydrateFallbackElement: loadingPage,
};

/** A setup step before anything else: a temporary password to replace, a required second factor. */
const accountSetupRoute: RouteObject = {
  path: '/account-setup',
  lazy: () =>
    import('@/features/settings/components/account-setup-page').then((m) => ({ Component: m.AccountSetupPage })),
  hydrateFallbackElement: loadingPage,
};

export const router = createBrowserRouter([
  {
    // Every page's failure (its code missing after an upgrade, an error while drawing it) is
    // said in words with a Reload button (route-error.tsx).
    errorElement: <RouteError />,
    children: [
      { path: '/', element: signIn },
      { path: '/auth', element: signIn },
      ...passwordResetRoutes,
      publicFormRoute,
      accountSetupRoute,
      // The signed-in shell (sidebar, drawer, their icons) loads with the first signed-in page,
      // not with the sign-in screen (docs/benchmarks.md, client sizes).
      {
        lazy: () => import('./layout/app-shell').then((m) => ({ Component: m.AppShell })),
        hydrateFallbackElement: loadingPage,
        children: guardedRoutes,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

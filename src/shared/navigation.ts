import type { Feature, Permissions } from './permissions';

/** Sidebar entries in the order SPEC.md section 2 gives, with the permission each needs. */
export const NAV_ENTRIES = [
  { label: 'Dashboard', path: '/dashboard', feature: 'dashboard' },
  // Issue 19: right after Dashboard, for holders of Giving Records.
  { label: 'Giving', path: '/giving', feature: 'giving' },
  { label: 'Partners', path: '/partners', feature: 'partners' },
  { label: 'Tasks', path: '/tasks', feature: 'tasks' },
  { label: 'Calendar', path: '/calendar', feature: 'calendar' },
  { label: 'Chat', path: '/chat', feature: 'chat' },
  { label: 'Files', path: '/files', feature: 'files' },
  { label: 'More', path: '/more', feature: 'more' },
  { label: 'Admin', path: '/admin', feature: 'user_management' },
  { label: 'Settings', path: '/settings', feature: 'settings' },
] as const satisfies readonly { label: string; path: string; feature: Feature }[];

/** Permission each guarded route needs (SPEC.md route table). */
export const ROUTE_FEATURES: Record<string, Feature> = {
  '/dashboard': 'dashboard',
  '/giving': 'giving',
  // Importing gifts (issue 19 item 6) needs Giving Records like every gift-level screen.
  '/giving/import': 'giving',
  '/partners': 'partners',
  // Importing partners (issue 20 item 4) needs the directory's own permission.
  '/partners/import': 'partners',
  '/tasks': 'tasks',
  '/calendar': 'calendar',
  '/chat': 'chat',
  '/files': 'files',
  '/forms': 'more',
  '/more': 'more',
  '/onboarding': 'more',
  '/settings': 'settings',
  '/admin': 'user_management',
  // The outbox is for admins (issue 16); the page says so to a manager who types the address.
  '/admin/email': 'user_management',
  // The audit log too is for admins only (issue 17); the server refuses (and logs) anyone else.
  '/admin/audit': 'user_management',
  // Every account (issue 17): for the holders of user management; admins' accounts for admins.
  '/admin/accounts': 'user_management',
};

/**
 * Where a signed-in person lands (D3): the page first asked for when permitted, else the
 * dashboard, else the first sidebar entry they hold. Settings is always held, so this never
 * loops back to the sign-in screen.
 */
export function landingPath(permissions: Permissions, requested?: string | null): string {
  if (requested) {
    // Only a path on this site: "https://evil.example/dashboard" or "//evil.example/dashboard"
    // also have the pathname /dashboard, and following them would be an open redirect.
    const url = parseRelative(requested);
    const feature = url?.origin === 'http://x' ? ROUTE_FEATURES[url.pathname] : undefined;
    if (url && feature && permissions[feature]) return url.pathname + url.search + url.hash;
  }
  if (permissions.dashboard) return '/dashboard';
  return NAV_ENTRIES.find((e) => permissions[e.feature])?.path ?? '/settings';
}

/** A malformed link ("http://") is ignored rather than thrown (URL.canParse is too new for some browsers). */
function parseRelative(requested: string): URL | undefined {
  try {
    return new URL(requested, 'http://x');
  } catch {
    return undefined;
  }
}

/**
 * Permission features and the rules that turn a role plus per-coordinator switches into the
 * set of features a person may use (DECISIONS.md D4). Pure: the server enforces with it and
 * the client uses it only to decide what to show.
 */

export const FEATURES = [
  'dashboard',
  'giving',
  'partners',
  'tasks',
  'calendar',
  'chat',
  'files',
  'more',
  'cardholder_success',
  'settings',
  'user_management',
  'admin',
] as const;

export type Feature = (typeof FEATURES)[number];
export type Permissions = Record<Feature, boolean>;
/** A role as `user_roles` stores it. */
export type Role = 'admin' | 'coordinator';
/**
 * What a person's access is derived from (D4): the admin role, the coordinator role, or
 * neither. 'none' is an account never made a coordinator, or whose role was removed: it has
 * Settings only, until an admin gives it access.
 */
export type AccessRole = Role | 'none';

/**
 * Who is acting, as far as a rule shared by client and server needs to know: the server's
 * service `Actor` (src/server/service/context.ts) is one, and so is the signed-in person the
 * client shows buttons for.
 */
export interface ActingPerson {
  id: string;
  role: AccessRole;
}

/** The features an admin can switch per coordinator on the admin screen, in screen order. */
export const SWITCHABLE_FEATURES = [
  'dashboard',
  'giving',
  'partners',
  'tasks',
  'calendar',
  'chat',
  'files',
  'user_management',
  'more',
  'cardholder_success',
] as const satisfies readonly Feature[];

export type SwitchableFeature = (typeof SWITCHABLE_FEATURES)[number];

/**
 * The switches' labels. SPEC.md names the switches by their keys and labels two of them; issue
 * 27 asks for readable labels everywhere, the spec's two kept exactly.
 */
export const FEATURE_LABELS: Record<SwitchableFeature, string> = {
  dashboard: 'Dashboard',
  // Gift-level records: each gift, corrections, statements, exports, imports (DECISIONS.md D12).
  giving: 'Giving Records',
  partners: 'Partners',
  tasks: 'Tasks',
  calendar: 'Calendar',
  chat: 'Chat',
  files: 'Files',
  user_management: 'User Management',
  more: 'More (Forms)',
  cardholder_success: 'VIP Cardholder Success Team',
};

/**
 * Coordinator features that are off unless a row switches them on: managing people, and donors'
 * gift-level records (D12).
 */
const OFF_UNLESS_GRANTED: ReadonlySet<Feature> = new Set(['user_management', 'giving']);

export interface PermissionRow {
  feature: string;
  enabled: boolean;
}

export function isFeature(value: string): value is Feature {
  return (FEATURES as readonly string[]).includes(value);
}

export function resolvePermissions(role: AccessRole, rows: readonly PermissionRow[]): Permissions {
  const all = Object.fromEntries(FEATURES.map((f) => [f, true])) as Permissions;
  if (role === 'admin') return all;
  if (role === 'none') {
    // Switches kept from an earlier coordinator role do not count: without a role, nothing but
    // Settings (D4), so removing the role takes everything away whatever the switches say.
    const none = Object.fromEntries(FEATURES.map((f) => [f, false])) as Permissions;
    return { ...none, settings: true };
  }

  const switched = new Map<string, boolean>(rows.map((r) => [r.feature, r.enabled]));
  const permissions = { ...all };
  for (const feature of FEATURES) {
    const row = switched.get(feature);
    permissions[feature] = row ?? !OFF_UNLESS_GRANTED.has(feature);
  }
  // 'admin' is the sidebar/route face of user_management, never switched on its own.
  permissions.admin = permissions.user_management;
  // Everyone can always change their own password and sign out.
  permissions.settings = true;
  return permissions;
}

/**
 * What only an admin switches for someone else: user management, and donors' gift-level
 * records (D12, issue 19). Removing the role revokes both, so adding the person again never
 * restores them.
 */
export const ADMIN_GRANTED: readonly SwitchableFeature[] = ['user_management', 'giving'];

export const SWITCH_REFUSALS = {
  onlyAdminsGrantUserManagement: 'Only an admin can give or take away user management.',
  onlyAdminsGrantGiving: 'Only an admin can give or take away Giving Records.',
  notYoursToGive: 'You cannot give a permission that you do not have yourself.',
  onlyAdminsRemoveAdminGranted: 'Only an admin can remove a coordinator who has User Management or Giving Records.',
} as const;

/** Whether `viewer` may give `feature`: admins anything, anyone else what they hold and admins do not keep to themselves. */
export function mayGive(viewer: { role: AccessRole; permissions: Permissions }, feature: SwitchableFeature): boolean {
  if (viewer.role === 'admin') return true;
  return !ADMIN_GRANTED.includes(feature) && viewer.permissions[feature];
}

/**
 * Why `viewer` may not turn another coordinator's `feature` switch to `enabled`, or null if they
 * may. The server refuses with it; the admin screen shows the switch locked, with the reason,
 * instead of a switch that only fails.
 */
export function switchRefusal(
  viewer: { role: AccessRole; permissions: Permissions },
  feature: SwitchableFeature,
  enabled: boolean,
): string | null {
  if (viewer.role === 'admin') return null;
  if (feature === 'user_management') return SWITCH_REFUSALS.onlyAdminsGrantUserManagement;
  if (feature === 'giving') return SWITCH_REFUSALS.onlyAdminsGrantGiving;
  if (enabled && !mayGive(viewer, feature)) return SWITCH_REFUSALS.notYoursToGive;
  return null;
}

/**
 * Why `viewer` may not remove `target` as a coordinator, or null if they may. Removing takes
 * away User Management and Giving Records (adding again never restores them), so a coordinator
 * with user management could otherwise take away what only an admin may: removing is then an
 * admin's, as switching those off is.
 */
export function removalRefusal(
  viewer: { role: AccessRole; permissions: Permissions },
  target: { permissions: Record<SwitchableFeature, boolean> },
): string | null {
  if (viewer.role === 'admin') return null;
  return ADMIN_GRANTED.some((feature) => target.permissions[feature])
    ? SWITCH_REFUSALS.onlyAdminsRemoveAdminGranted
    : null;
}

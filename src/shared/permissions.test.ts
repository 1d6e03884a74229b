import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  resolvePermissions,
  SWITCH_REFUSALS,
  removalRefusal,
  switchRefusal,
  type Feature,
  type Permissions,
} from './permissions';

const ON_BY_DEFAULT: Feature[] = [
  'dashboard',
  'partners',
  'tasks',
  'calendar',
  'chat',
  'files',
  'more',
  'cardholder_success',
  'settings',
];

function only(enabled: readonly Feature[]): Permissions {
  return Object.fromEntries(FEATURES.map((f) => [f, enabled.includes(f)])) as Permissions;
}

describe('resolvePermissions (DECISIONS.md D4)', () => {
  it('gives an admin every feature', () => {
    expect(resolvePermissions('admin', [])).toEqual(only(FEATURES));
  });

  it('gives an admin every feature whatever the coordinator rows say', () => {
    const rows = FEATURES.map((feature) => ({ feature, enabled: false }));
    expect(resolvePermissions('admin', rows)).toEqual(only(FEATURES));
  });

  it('gives someone with neither role Settings only, whatever rows are left from an earlier role', () => {
    expect(resolvePermissions('none', [])).toEqual(only(['settings']));
    const everythingOn = FEATURES.map((feature) => ({ feature, enabled: true }));
    expect(resolvePermissions('none', everythingOn)).toEqual(only(['settings']));
  });

  it('gives a coordinator without rows everything but user management and admin', () => {
    expect(resolvePermissions('coordinator', [])).toEqual(only(ON_BY_DEFAULT));
    expect(resolvePermissions('coordinator', []).user_management).toBe(false);
    expect(resolvePermissions('coordinator', []).admin).toBe(false);
  });

  it.each(ON_BY_DEFAULT.filter((f) => f !== 'settings'))('turns %s off with an enabled=false row', (feature) => {
    const permissions = resolvePermissions('coordinator', [{ feature, enabled: false }]);
    expect(permissions[feature]).toBe(false);
    // Only that feature changes.
    expect(permissions).toEqual(only(ON_BY_DEFAULT.filter((f) => f !== feature)));
  });

  it('keeps a feature on with an enabled=true row', () => {
    expect(resolvePermissions('coordinator', [{ feature: 'partners', enabled: true }])).toEqual(only(ON_BY_DEFAULT));
  });

  it('turns on user_management, and admin with it, with an enabled=true row', () => {
    const permissions = resolvePermissions('coordinator', [{ feature: 'user_management', enabled: true }]);
    expect(permissions.user_management).toBe(true);
    expect(permissions.admin).toBe(true);
    expect(permissions).toEqual(only([...ON_BY_DEFAULT, 'user_management', 'admin']));
  });

  it('keeps user_management and admin off with an enabled=false row', () => {
    const permissions = resolvePermissions('coordinator', [{ feature: 'user_management', enabled: false }]);
    expect(permissions.user_management).toBe(false);
    expect(permissions.admin).toBe(false);
  });

  it('never switches settings off', () => {
    expect(resolvePermissions('coordinator', [{ feature: 'settings', enabled: false }]).settings).toBe(true);
    const everythingOff = FEATURES.map((feature) => ({ feature, enabled: false }));
    expect(resolvePermissions('coordinator', everythingOff)).toEqual(only(['settings']));
  });

  it('does not let an admin row alone grant admin', () => {
    const permissions = resolvePermissions('coordinator', [{ feature: 'admin', enabled: true }]);
    expect(permissions.admin).toBe(false);
    expect(permissions.user_management).toBe(false);
  });

  it('does not let an admin=false row take admin from a coordinator with user management', () => {
    const permissions = resolvePermissions('coordinator', [
      { feature: 'user_management', enabled: true },
      { feature: 'admin', enabled: false },
    ]);
    expect(permissions.admin).toBe(true);
  });

  it('ignores rows for unknown features', () => {
    const permissions = resolvePermissions('coordinator', [
      { feature: 'donations', enabled: true },
      { feature: 'superuser', enabled: true },
      { feature: '', enabled: false },
    ]);
    expect(permissions).toEqual(only(ON_BY_DEFAULT));
    expect(Object.keys(permissions).sort()).toEqual([...FEATURES].sort());
  });
});

describe('switchRefusal: what the admin screen locks and the server refuses', () => {
  const manager = {
    role: 'coordinator' as const,
    permissions: resolvePermissions('coordinator', [
      { feature: 'user_management', enabled: true },
      { feature: 'chat', enabled: false },
    ]),
  };
  const admin = { role: 'admin' as const, permissions: resolvePermissions('admin', []) };

  it('lets an admin turn anything either way', () => {
    for (const enabled of [true, false]) {
      expect(switchRefusal(admin, 'giving', enabled)).toBeNull();
      expect(switchRefusal(admin, 'user_management', enabled)).toBeNull();
    }
  });

  it('keeps Giving Records and user management to admins, both ways', () => {
    for (const enabled of [true, false]) {
      expect(switchRefusal(manager, 'giving', enabled)).toBe(SWITCH_REFUSALS.onlyAdminsGrantGiving);
      expect(switchRefusal(manager, 'user_management', enabled)).toBe(SWITCH_REFUSALS.onlyAdminsGrantUserManagement);
    }
  });

  it('lets a coordinator give only what they hold, and take away anything else', () => {
    expect(switchRefusal(manager, 'partners', true)).toBeNull();
    expect(switchRefusal(manager, 'chat', true)).toBe(SWITCH_REFUSALS.notYoursToGive);
    expect(switchRefusal(manager, 'chat', false)).toBeNull();
  });
});

describe('removalRefusal: removing takes away what only an admin may', () => {
  const manager = { role: 'coordinator' as const, permissions: resolvePermissions('coordinator', []) };
  const admin = { role: 'admin' as const, permissions: resolvePermissions('admin', []) };
  const holding = (feature: 'giving' | 'user_management' | null) => ({
    permissions: resolvePermissions('coordinator', feature ? [{ feature, enabled: true }] : []),
  });

  it('keeps a coordinator holding Giving Records or User Management to admins', () => {
    expect(removalRefusal(manager, holding('giving'))).toBe(SWITCH_REFUSALS.onlyAdminsRemoveAdminGranted);
    expect(removalRefusal(manager, holding('user_management'))).toBe(SWITCH_REFUSALS.onlyAdminsRemoveAdminGranted);
    expect(removalRefusal(admin, holding('giving'))).toBeNull();
  });

  it('lets a manager remove a coordinator without either', () => {
    expect(removalRefusal(manager, holding(null))).toBeNull();
  });
});

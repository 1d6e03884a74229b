import { describe, expect, it } from 'vitest';
import { landingPath } from './navigation';
import { FEATURES, resolvePermissions, type Feature, type Permissions } from './permissions';

const admin = resolvePermissions('admin', []);
const coordinator = resolvePermissions('coordinator', []);

function coordinatorWithout(...off: Feature[]): Permissions {
  return resolvePermissions(
    'coordinator',
    off.map((feature) => ({ feature, enabled: false })),
  );
}

describe('landingPath (DECISIONS.md D3)', () => {
  it('sends a person to the dashboard when nothing was asked for', () => {
    expect(landingPath(admin)).toBe('/dashboard');
    expect(landingPath(coordinator, null)).toBe('/dashboard');
    expect(landingPath(coordinator, '')).toBe('/dashboard');
  });

  it('honours a permitted deep link', () => {
    expect(landingPath(coordinator, '/partners')).toBe('/partners');
    expect(landingPath(coordinator, '/settings')).toBe('/settings');
    expect(landingPath(admin, '/admin')).toBe('/admin');
    expect(landingPath(coordinator, '/forms')).toBe('/forms');
  });

  it('keeps the query string and hash of a permitted deep link', () => {
    expect(landingPath(coordinator, '/partners?status=active&zone=North')).toBe('/partners?status=active&zone=North');
    expect(landingPath(coordinator, '/calendar#today')).toBe('/calendar#today');
  });

  it('ignores a deep link the person may not open', () => {
    expect(landingPath(coordinator, '/admin')).toBe('/dashboard');
    expect(landingPath(coordinatorWithout('partners'), '/partners?status=active')).toBe('/dashboard');
  });

  it('ignores a deep link to a page that is not a guarded route', () => {
    expect(landingPath(coordinator, '/auth')).toBe('/dashboard');
    expect(landingPath(coordinator, '/')).toBe('/dashboard');
    expect(landingPath(coordinator, '/no-such-page')).toBe('/dashboard');
  });

  it('does not follow a deep link to another site', () => {
    const settingsOnly = coordinatorWithout(...FEATURES);
    for (const requested of [
      'https://evil.example/partners',
      '//evil.example/partners',
      '/\\evil.example/partners',
      'javascript:alert(1)//partners',
    ]) {
      expect(landingPath(admin, requested)).toBe('/dashboard');
      expect(landingPath(settingsOnly, requested)).toBe('/settings');
    }
  });

  it('ignores a malformed deep link instead of throwing', () => {
    expect(landingPath(coordinator, 'http://')).toBe('/dashboard');
    expect(landingPath(coordinator, 'http://[')).toBe('/dashboard');
  });

  it('sends a person without the dashboard to the first sidebar entry they hold', () => {
    expect(landingPath(coordinatorWithout('dashboard'))).toBe('/partners');
    expect(landingPath(coordinatorWithout('dashboard', 'partners', 'tasks'))).toBe('/calendar');
    expect(landingPath(coordinatorWithout('dashboard', 'partners', 'tasks', 'calendar', 'chat', 'files'))).toBe(
      '/more',
    );
  });

  it('falls back to settings, never to the sign-in screen, when only settings is held', () => {
    const settingsOnly = coordinatorWithout(...FEATURES);
    expect(settingsOnly.settings).toBe(true);
    expect(landingPath(settingsOnly)).toBe('/settings');
    expect(landingPath(settingsOnly, '/partners')).toBe('/settings');
    expect(landingPath(settingsOnly, '/auth')).toBe('/settings');
  });

  it('never returns /auth', () => {
    const cases: Permissions[] = [admin, coordinator, coordinatorWithout('dashboard'), coordinatorWithout(...FEATURES)];
    for (const permissions of cases) {
      for (const requested of [undefined, '/auth', '/auth?next=/partners', '/', '/partners']) {
        expect(landingPath(permissions, requested)).not.toMatch(/^\/auth/);
      }
    }
  });
});

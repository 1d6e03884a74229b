/** Accounts the browser tests sign in with; created by e2e/support/start-server.ts. */
export const USERS = {
  admin: { email: 'admin@example.org', password: 'admin-password-1', name: 'Grace Admin' },
  coordinator: { email: 'coordinator@example.org', password: 'coordinator-password-1', name: 'Sam Coordinator' },
  /** A coordinator without dashboard and partners, and without a name. */
  limited: { email: 'limited@example.org', password: 'limited-password-1', name: '' },
  /** A coordinator whose Partners switch the live-permission test turns off and on again. */
  live: { email: 'live@example.org', password: 'live-password-1', name: 'Lee Live' },
  /** A coordinator granted user_management. */
  manager: { email: 'manager@example.org', password: 'manager-password-1', name: 'Morgan Manager' },
  /** Changes their display name and notification preferences in the settings tests. */
  member: { email: 'member@example.org', password: 'member-password-1', name: 'Mary Member' },
  /** Changes their password in the settings tests (the new one is below). */
  changer: { email: 'changer@example.org', password: 'changer-password-1', name: 'Chris Changer' },
} as const;

/** The password the settings test gives the `changer` account. */
export const CHANGED_PASSWORD = 'changed-password-2';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

// ---- Giving dashboard and partner directory (issue 4) ----
/** Partners seeded by start-server.ts so the directory has more than one page (50) of them. */
export const PAGING_PARTNERS = { prefix: 'Paging Partner', count: 60, zone: 'Paging Zone' } as const;

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
  /** Forgets their password and resets it by email in the password-reset test. */
  resetter: { email: 'resetter@example.org', password: 'resetter-password-1', name: 'Rita Resetter' },
  /** Watches the bell while the admin assigns them tasks (notifications test); no dashboard or partners. */
  notified: { email: 'notified@example.org', password: 'notified-password-1', name: 'Nina Notified' },
  /** A coordinator an admin gave Giving Records (issue 19): the Giving screen without being an admin. */
  treasurer: { email: 'treasurer@example.org', password: 'treasurer-password-1', name: 'Tess Treasurer' },
  /** Signed in on two devices; ends one from Settings > Security (sessions test). */
  traveller: { email: 'traveller@example.org', password: 'traveller-password-1', name: 'Tom Traveller' },
} as const;

/** The password the settings test gives the `changer` account. */
export const CHANGED_PASSWORD = 'changed-password-2';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * Where the browser tests' SMTP server (started by start-server.ts, a real SMTP receiver) writes
 * each message it accepted, as JSON: the tests read their emails there.
 */
export const E2E_MAIL_DIR = process.env.E2E_MAIL_DIR ?? `${process.env.TMPDIR ?? '/tmp'}/portal-e2e-mail-${E2E_PORT}`;

// ---- Giving dashboard and partner directory (issue 4) ----
/** Partners seeded by start-server.ts so the directory has more than one page (50) of them. */
export const PAGING_PARTNERS = { prefix: 'Paging Partner', count: 60, zone: 'Paging Zone' } as const;

/** An email start-server.ts puts in the outbox as refused by the mail server, for "Send again". */
export const FAILED_EMAIL = { to: 'former.volunteer@example.org', subject: 'A refused email' } as const;

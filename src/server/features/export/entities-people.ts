import { id, created, userRef, type ExportEntity } from './entity-shape';

/** Settings that are the ministry's choices; the installation's secrets (auth_secret) are not among them. */
export const EXPORTED_SETTINGS = ['organization', 'organization_logo', 'audit_retention_days', 'two_factor_required'];

/** The complete export's accounts, their permissions and the ministry's settings. */
export const PEOPLE_ENTITIES: readonly ExportEntity[] = [
  {
    name: 'users',
    about: 'Everyone who can sign in. No password hashes, two-factor secrets, sessions or tokens.',
    table: '"user"',
    key: ['id'],
    columns: [
      id('The account id, which other files name as user_id, created_by and so on.'),
      { name: 'name', type: 'text', about: 'Full name.' },
      { name: 'display_name', type: 'text', about: 'The name they chose to be shown under, if any.' },
      { name: 'email', type: 'text', about: 'Sign-in email address.' },
      {
        name: 'role',
        type: 'text',
        about: 'admin, coordinator, or none (signs in to Settings only).',
        expr: `coalesce((select r.role from user_roles r where r.user_id = t.id order by r.role = 'admin' desc limit 1), 'none')`,
      },
      { name: 'email_verified', type: 'boolean', about: 'Whether the address was confirmed.' },
      { name: 'email_notifications', type: 'boolean', about: 'Settings switch: email notifications.' },
      { name: 'partner_updates', type: 'boolean', about: 'Settings switch: partner updates.' },
      { name: 'donation_alerts', type: 'boolean', about: 'Settings switch: donation alerts.' },
      { name: 'email_frequency', type: 'text', about: 'immediately or daily (a digest).' },
      { name: 'two_factor_enabled', type: 'boolean', about: 'Whether they sign in with an authenticator app.' },
      { name: 'must_change_password', type: 'boolean', about: 'Whether the next sign-in must choose a new password.' },
      { name: 'deactivated_at', type: 'timestamp', about: 'When an admin deactivated the account; empty if active.' },
      {
        name: 'last_sign_in_at',
        type: 'timestamp',
        about: 'Their latest sign-in.',
        expr: '(select s.last_sign_in_at from user_sign_ins s where s.user_id = t.id)',
      },
      created('When the account was created.'),
      { name: 'updated_at', type: 'timestamp', about: 'Last change to the account.' },
    ],
  },
  {
    name: 'roles',
    about: 'The admin and coordinator roles (D4). A user without a row here has Settings only.',
    table: 'user_roles',
    key: ['user_id', 'role'],
    columns: [
      userRef('user_id', 'Who holds it'),
      { name: 'role', type: 'text', about: 'admin or coordinator.' },
      created('When it was given.'),
    ],
  },
  {
    name: 'permissions',
    about:
      'Per-coordinator feature switches set by an admin. A feature without a row has its default (on, except user_management and giving).',
    table: 'coordinator_permissions',
    key: ['user_id', 'feature'],
    columns: [
      userRef('user_id', 'The coordinator'),
      { name: 'feature', type: 'text', about: 'The feature key (dashboard, partners, giving, ...).' },
      { name: 'enabled', type: 'boolean', about: 'On or off.' },
      { name: 'updated_at', type: 'timestamp', about: 'When it was last switched.' },
    ],
  },
  {
    name: 'organization_settings',
    about:
      "The ministry's settings: its name, address, statement text and currency (organization), the logo's storage key, the audit retention and the two-factor policy.",
    table: 'app_settings',
    where: `t.key in (${EXPORTED_SETTINGS.map((k) => `'${k}'`).join(', ')})`,
    key: ['key'],
    columns: [
      { name: 'key', type: 'text', about: 'The setting.' },
      { name: 'value', type: 'text', about: 'Its value as stored (JSON text for organization).' },
    ],
  },
];

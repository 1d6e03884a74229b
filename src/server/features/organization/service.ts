import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { appSettings } from '#server/db/schema';
import type { AppDeps } from '#server/http/app-env';
import type { ServiceContext } from '#server/service/context';
import { isObjectKey } from '#server/storage/index';
import {
  CURRENCIES,
  DEFAULT_ORGANIZATION,
  organizationSettingsSchema,
  type Organization,
  type OrganizationSettingsValues,
} from '#shared/schemas/organization';

/**
 * The ministry's details live in app_settings: the text settings as one JSON value, the logo's
 * storage key in a row of its own (the backup reads that row to copy the logo, decision 0112).
 */
export const ORGANIZATION_SETTING_KEY = 'organization';
export const LOGO_SETTING_KEY = 'organization_logo';
const LOGO_PREFIX = 'organization-logos/';
// Serialises saves for the transaction: the settings rows may not exist yet, so FOR UPDATE cannot.
const lockSettings = sql`select pg_advisory_xact_lock(hashtextextended('organization settings', 0))`;

/** Where a logo is served; its id is the storage key's, so a new logo has a new address. */
export const logoUrlFor = (key: string | null) =>
  key ? `/api/organization/logo/${key.slice(LOGO_PREFIX.length)}` : null;

export interface OrganizationRecord extends OrganizationSettingsValues {
  logoKey: string | null;
}

/** The stored settings, with the defaults for what was never saved (a value that no longer parses too). */
export async function readOrganization(db: Db, defaultName: string): Promise<OrganizationRecord> {
  const rows = await db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, [ORGANIZATION_SETTING_KEY, LOGO_SETTING_KEY]));
  const stored = rows.find((r) => r.key === ORGANIZATION_SETTING_KEY)?.value;
  const logoKey = rows.find((r) => r.key === LOGO_SETTING_KEY)?.value ?? null;
  const parsed = parseStored(stored);
  const defaults = { ...DEFAULT_ORGANIZATION, name: defaultName };
  return {
    ...(parsed ?? defaults),
    currency: currencyOf(parsed),
    logoKey: logoKey && isObjectKey(logoKey) ? logoKey : null,
  };
}

/**
 * The stored settings' text as an expression, for a statement that needs the currency without
 * a read of its own (a gift's insert returns it, decision 0143); `currencyOfStored` reads it.
 */
export const storedOrganizationSql = sql<
  string | null
>`(select ${appSettings.value} from ${appSettings} where ${appSettings.key} = ${ORGANIZATION_SETTING_KEY})`;

/** The display currency the stored settings' text names, as `readOrganization` would give it. */
export const currencyOfStored = (stored: string | null | undefined) => currencyOf(parseStored(stored));

function parseStored(stored: string | null | undefined) {
  const parsed = stored ? organizationSettingsSchema.safeParse(parseJson(stored)) : undefined;
  return parsed?.success ? parsed.data : undefined;
}

function currencyOf(parsed: OrganizationSettingsValues | undefined) {
  return parsed && CURRENCIES.includes(parsed.currency) ? parsed.currency : DEFAULT_ORGANIZATION.currency;
}

/** A stored value that is not JSON (edited by hand) reads as never saved, rather than failing every page. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function presentOrganization({ logoKey, ...settings }: OrganizationRecord): Organization {
  return { ...settings, logoUrl: logoUrlFor(logoKey) };
}

export const organizationOf = (deps: AppDeps, db: Db = deps.database.db) =>
  readOrganization(db, deps.config.MINISTRY_NAME);

async function putSetting(db: Db, key: string, value: string | null) {
  if (value === null) {
    await db.delete(appSettings).where(eq(appSettings.key, key));
    return;
  }
  await db.insert(appSettings).values({ key, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
}

/** Saves the text settings (admins; the route checks the role). One activity entry, before and after. */
export async function saveOrganization(ctx: ServiceContext, values: OrganizationSettingsValues): Promise<Organization> {
  return ctx.change(async (tx) => {
    // Serialises concurrent saves, so `before` is exactly what this save replaced.
    await tx.db.execute(lockSettings);
    const before = await organizationOf(tx.deps, tx.db);
    await putSetting(tx.db, ORGANIZATION_SETTING_KEY, JSON.stringify(values));
    const after = { ...before, ...values };
    await tx.record({
      action: 'organization.updated',
      subject: { type: 'organization', id: 'settings' },
      announce: organizationChanged,
      before: withoutLogo(before),
      after: withoutLogo(after),
    });
    return presentOrganization(after);
  });
}

/**
 * Points the settings at a new logo (already stored) or at none; the replaced logo's object is
 * deleted once the change has committed, never before (decision 0071's order).
 */
export async function setLogo(ctx: ServiceContext, newKey: string | null): Promise<Organization> {
  const { organization, replaced } = await ctx.change(async (tx) => {
    await tx.db.execute(lockSettings);
    const before = await organizationOf(tx.deps, tx.db);
    await putSetting(tx.db, LOGO_SETTING_KEY, newKey);
    const after = { ...before, logoKey: newKey };
    await tx.record({
      action: newKey ? 'organization.logo_changed' : 'organization.logo_removed',
      subject: { type: 'organization', id: 'logo' },
      announce: organizationChanged,
      // Where the logo is, never its bytes.
      before: { logo: logoUrlFor(before.logoKey) },
      after: { logo: logoUrlFor(newKey) },
    });
    return { organization: presentOrganization(after), replaced: before.logoKey !== newKey ? before.logoKey : null };
  });
  if (replaced) {
    await ctx.deps.storage
      .delete(replaced)
      .catch((err: unknown) => ctx.deps.logger.warn({ err, key: replaced }, 'could not delete a replaced logo'));
  }
  return organization;
}

const withoutLogo = ({ logoKey: _logoKey, ...settings }: OrganizationRecord) => settings;

const organizationChanged = {
  audience: { everyone: true },
  event: { type: 'organization.changed' },
} as const;

/**
 * How features ask one another, wired at the root (docs/decisions/0098). A feature never
 * imports another (the lint boundaries, decision 0096): it states what it needs as an interface
 * in its own folder, and this file hands it the owning feature's functions, so TypeScript
 * checks here that each answer has the shape asked for.
 */
import { countUpcomingEvents } from './features/calendar/figures';
import { chatNotices } from './features/chat/notices';
import type { DashboardSources } from './features/dashboard/sources';
import { givingFigures, recentGifts } from './features/giving/figures';
import { givingNotices } from './features/giving/notices';
import type { CurrencySource, PartnerDirectory } from './features/giving/service';
import { countActivePartners, recentPartnerActivity } from './features/partners/figures';
import { partnerNotices } from './features/partners/notices';
import {
  partnerContacts,
  partnerExists,
  partnerIdIfExistsSql,
  partnerIdNamedSql,
  partnerNameOf,
  partnerNameOptions,
  partnersByEmails,
  partnersByNames,
} from './features/partners/service';
import { pendingTasks, upcomingTasks } from './features/tasks/figures';
import { partnerOpenTasks, partnerTaskEntries } from './features/tasks/partner-tasks';
import { withPartnerNames, type TaskPartners } from './features/tasks/service';
import { partnerGiftEntries } from './features/giving/partner-timeline';
import type { PartnerRelations } from './features/partners/timeline';
import { dueTomorrowNotices, taskNotices } from './features/tasks/notices';
import type { NoticeSweep, NotificationRules } from './service/notices';
import { AUDIT_PRUNE_JOB, auditJobs } from './features/audit/jobs';
import { IDEMPOTENCY_PRUNE_JOB, idempotencyJobs } from './http/idempotency';
import { STATEMENT_ARCHIVE_PRUNE_JOB } from '#shared/schemas/giving-statements';
import { EXPORT_PRUNE_JOB } from '#shared/schemas/export';
import { exportJobs } from './features/export/jobs';
import type { JobHandlers } from './jobs/handlers';
import type { AppDeps } from './http/app-env';
import { giftImportTarget } from './features/giving/import-target';
import { partnersWithGifts } from './features/giving/partner-records';
import { partnerImportTarget } from './features/partners/import-target';
import { partnersWithTasks } from './features/tasks/partner-records';
import { importJobHandlers } from './imports/routes';
import type { ImportTarget } from './imports/target';
import { statementJobs } from './features/giving/statement-jobs';
import type { StatementIssuerSource } from './features/giving/statements';
import { readLogo } from './features/organization/logo';
import { currencyOfStored, readOrganization, storedOrganizationSql } from './features/organization/service';
import { cardholderChannelMergeMove } from './features/chat/partner-merge';
import { giftsMergeMove } from './features/giving/partner-merge';
import type { PartnerMergeMove } from './features/partners/merge';
import { tasksMergeMove } from './features/tasks/partner-merge';
import { formNotices } from './features/forms/notices';
import { formsMergeMove, partnerFormResponseEntries } from './features/forms/partner-responses';
import type { MinistryNameSource } from './features/forms/public-routes';
import type { FormSendPartners } from './features/forms/send';

/** The tasks feature's view of partners: whether one exists (a follow-up's) and their names (issue 20). */
export const taskPartners: TaskPartners = {
  exists: partnerExists,
  namesOf: partnerContacts,
};

/** The dashboard's cards and lists, from the features that own them. */
export const dashboardSources: DashboardSources = {
  giving: givingFigures,
  activePartners: countActivePartners,
  pendingTasks,
  upcomingEvents: countUpcomingEvents,
  partnerActivity: recentPartnerActivity,
  giftActivity: recentGifts,
  // Follow-ups name their partner, as Recent Partner Activity names partners (issue 20).
  upcomingTasks: async (db, limit) =>
    (await withPartnerNames(db, await upcomingTasks(db, limit), taskPartners)).map(
      ({ partnerId: _partnerId, ...task }) => task,
    ),
};

/** What a partner's timeline and details ask of giving and tasks (issue 20, decision 0115). */
export const partnerRelations: PartnerRelations = {
  giftEntries: partnerGiftEntries,
  taskEntries: partnerTaskEntries,
  openTasks: partnerOpenTasks,
  formResponseEntries: partnerFormResponseEntries,
};

/** Giving's view of the partner directory: whether a partner exists, its name, and the type-ahead. */
export const partnerDirectory: PartnerDirectory = {
  exists: partnerExists,
  nameOf: partnerNameOf,
  options: partnerNameOptions,
  idIfExistsSql: partnerIdIfExistsSql,
  idNamedSql: partnerIdNamedSql,
  byEmails: partnersByEmails,
  byNames: partnersByNames,
  contacts: partnerContacts,
};

/** The display currency a gift's alert is written in, from the organization's settings (decision 0143). */
export const givingCurrency: CurrencySource = { storedSql: storedOrganizationSql, of: currencyOfStored };

/** What a partner merge moves besides the partner's own contacts and tags (issue 20 item 6). */
export const partnerMergeMoves: readonly PartnerMergeMove[] = [
  giftsMergeMove,
  tasksMergeMove,
  cardholderChannelMergeMove,
  formsMergeMove,
];

/** Send to Partners reads the chosen partners' names and emails from the directory (issue 21). */
export const formSendPartners: FormSendPartners = {
  contacts: partnerContacts,
};

/** The ministry's name on the public form page and in the emails that send a form (issue 21). */
export const ministryName: MinistryNameSource = async (deps) =>
  (await readOrganization(deps.database.db, deps.config.MINISTRY_NAME)).name;

/** What each feature imports through the shared pipeline (docs/decisions/0113). */
export const giftImports = giftImportTarget(partnerDirectory, givingCurrency);
/** Partners an undone import created keep their gifts and tasks by being archived instead (decision 0117). */
export const partnerImports = partnerImportTarget(async (db, ids) => {
  const [gifts, tasks] = [await partnersWithGifts(db, ids), await partnersWithTasks(db, ids)];
  return new Set([...gifts, ...tasks]);
});

/**
 * Who hears of which change (docs/decisions/0100): each feature's rules for its own actions.
 * A form's creator hears of its responses (issue 21).
 */
export const notificationRules: NotificationRules = {
  ...taskNotices,
  ...formNotices,
  // The organization's name is not needed here, only its currency.
  ...givingNotices(async (db) => (await readOrganization(db, '')).currency),
  ...partnerNotices,
  ...chatNotices,
};

/** Notices time brings: a task due tomorrow. */
export const noticeSweeps: readonly NoticeSweep[] = [dueTomorrowNotices];

/**
 * Who issues year-end statements: the organization's settings and logo (decision 0112), read
 * with the database handle the caller holds.
 */
export function statementIssuer(deps: Pick<AppDeps, 'config' | 'storage'>): StatementIssuerSource {
  return async (db) => {
    const organization = await readOrganization(db, deps.config.MINISTRY_NAME);
    return { ...organization, logo: await readLogo(deps, organization.logoKey) };
  };
}

/**
 * The background jobs each feature runs (decision 0107), by kind: with what they need at once,
 * and the whole dependencies later (the handlers are made before those are complete).
 */
/**
 * The clean-ups queued every hour (src/server/deps.ts): the audit log's retention (decision
 * 0103), old archives of year-end statements (decision 0112), old complete exports (0128) and
 * idempotency keys past their seven days (decision 0129).
 */
export const hourlyJobs: readonly string[] = [
  AUDIT_PRUNE_JOB,
  STATEMENT_ARCHIVE_PRUNE_JOB,
  EXPORT_PRUNE_JOB,
  IDEMPOTENCY_PRUNE_JOB,
];

export function jobHandlers(ready: Pick<AppDeps, 'config' | 'storage' | 'mail'>, deps: () => AppDeps): JobHandlers {
  return {
    ...auditJobs,
    ...idempotencyJobs,
    // The import commits need the storage and the notices (decision 0113).
    ...importJobHandlers([giftImports as ImportTarget<never>, partnerImports as ImportTarget<never>], deps),
    ...statementJobs({
      storage: ready.storage,
      mail: ready.mail,
      partners: partnerDirectory,
      issuerOf: statementIssuer(ready),
    }),
    // The complete export reads every table; on PostgreSQL in one snapshot (decision 0128).
    ...exportJobs({ storage: ready.storage, database: () => deps().database }),
  };
}

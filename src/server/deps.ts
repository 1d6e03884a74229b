import { createAuth } from './auth/auth';
import { createPrincipalResolver, type PrincipalRow } from './auth/principal';
import { listenedPrincipalCache } from './auth/principal-cache';
import { resolveAuthSecret } from './auth/auth-secret';
import type { Database } from './db/client';
import { upgradeDatabase } from './ops/upgrade-snapshot';
import type { Config } from './env';
import type { AppDeps } from './http/app-env';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';
import { EventBus } from './realtime/event-bus';
import { pruneExpiredCounters } from './auth/sign-in-throttle';
import { createStorage } from './storage';
import { createHmac } from 'node:crypto';
import { hourlyJobs, jobHandlers, noticeSweeps, notificationRules } from './feature-wiring';
import { createNotifier } from './features/notifications/notifier';
import { readOrganization } from './features/organization/service';
import type { TeamMember } from './features/notifications/recipients';
import { createJobs } from './jobs/jobs';

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** Migrates the database and builds what every request needs. Shared by the server and tests. */
export async function createDeps(config: Config, database: Database, logger: Logger): Promise<AppDeps> {
  const storage = await createStorage(config);
  await storage.check();
  await upgradeDatabase({ database, storage, logger }, config.DATA_DIR, config.SNAPSHOTS_KEEP);
  const secret = await resolveAuthSecret(database.db, config.AUTH_SECRET);
  const bus = new EventBus(database, logger);
  await bus.start();
  // Guessed e-mails and addresses would otherwise leave a counter row each, forever.
  // The audit log keeps everything unless an admin chose a retention (decision 0103).
  const mail = createMailer(config, database.db, logger, {
    ministryName: async (db) => (await readOrganization(db, config.MINISTRY_NAME)).name,
  });
  // The handlers get what they need now, and the rest of the dependencies once they are built
  // (before the runner starts).
  const built: { deps?: AppDeps } = {};
  const jobs = createJobs(
    database.db,
    bus,
    jobHandlers({ config, storage, mail }, () => built.deps!),
    logger,
  );
  const pruner = setInterval(() => {
    pruneExpiredCounters(database.db).catch((err: unknown) => logger.warn({ err }, 'pruning sign-in counters failed'));
    // Jobs: with several instances, one of them does each clean-up (decision 0107).
    for (const kind of hourlyJobs) {
      jobs.enqueueOnce(kind).catch((err: unknown) => logger.warn({ err, kind }, 'queuing an hourly clean-up failed'));
    }
  }, PRUNE_EVERY_MS);
  pruner.unref();
  const linkKey = createHmac('sha256', secret).update('portal link key').digest('base64url');
  const notices = createNotifier(
    database.db,
    notificationRules,
    noticeSweeps,
    { mail, baseUrl: config.BASE_URL, secret: linkKey, digestHour: config.DIGEST_HOUR },
    logger,
    await listenedPrincipalCache<TeamMember[]>(database),
  );
  const auth = createAuth(database.db, config, secret, mail);
  const principalCache = await listenedPrincipalCache<PrincipalRow>(database);
  built.deps = {
    config,
    database,
    auth,
    resolvePrincipal: createPrincipalResolver(database.db, auth, secret, config.BASE_URL, principalCache),
    bus,
    storage,
    mail,
    notices,
    jobs,
    linkKey,
    logger,
    streams: new Set(),
    lifecycle: { stopping: false },
    stopTimers: () => clearInterval(pruner),
  };
  return built.deps;
}

/** Ends open realtime streams, then stops the bus and closes the database. */
export async function disposeDeps(deps: AppDeps) {
  deps.stopTimers();
  deps.notices.stop();
  await deps.jobs.stop();
  await deps.mail.stop();
  for (const end of deps.streams) end();
  deps.streams.clear();
  await deps.bus.stop();
  await deps.storage.close();
  await deps.database.close();
}

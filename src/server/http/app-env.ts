import type { Auth } from '../auth/auth';
import type { Access } from '../auth/permissions';
import type { PrincipalResolver } from '../auth/principal';
import type { Database } from '../db/client';
import type { Config } from '../env';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { Notices } from '../service/notices';
import type { Jobs } from '../jobs/jobs';
import type { EventBus } from '../realtime/event-bus';
import type { Storage } from '../storage';
import type { AccountSetup } from '#shared/schemas/two-factor';

/** Everything a request handler may need, built once at start-up. */
export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  /** Session cookie → person, session and access, as the database holds them now (auth/principal.ts). */
  resolvePrincipal: PrincipalResolver;
  bus: EventBus;
  /** Uploaded files and event images: DATA_DIR/storage or S3 (storage/). */
  storage: Storage;
  /** Outgoing email: queued in a change's transaction, sent by the server's sender (mail/). */
  mail: Mailer;
  /** Told of every recorded change: derives notifications in its transaction (features/notifications). */
  notices: Notices;
  /** Durable background jobs: queued with a change, run by one instance, progress told live (jobs/). */
  jobs: Jobs;
  /**
   * A key derived from the installation's secret for links that work without signing in (the
   * unsubscribe link of notification emails); never the secret itself.
   */
  linkKey: string;
  logger: Logger;
  /** Open realtime streams; each entry ends its stream (used for a clean shutdown). */
  streams: Set<() => void>;
  /** Set when the server is stopping: new requests are refused so the stop can complete. */
  lifecycle: { stopping: boolean };
  /** Stops background timers (counter pruning); part of a clean shutdown. */
  stopTimers(): void;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    clientIp: string;
    user: SessionUser | null;
    sessionId: string | null;
    access: Access | null;
    /** A setup step the person must take first (auth/account-setup.ts); null for most. */
    setup: AccountSetup | null;
  };
};

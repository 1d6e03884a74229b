import type { Db } from '../db/client';
import type { Config } from '../env';
import type { Logger } from '../logger';
import { queueEmails, type QueuedEmail } from './outbox';
import { startMailSender, type MailSender } from './sender';
import { smtpTransport, type MailTransport } from './transport';

/** How often the sender looks for due emails when nothing woke it. */
export const MAIL_POLL_MS = 2_000;

/** Outgoing email, as every service sees it (docs/decisions/0099). */
export interface Mailer {
  /** True when SMTP_URL is set: emails leave. Otherwise they wait in the outbox for an admin to read. */
  readonly enabled: boolean;
  /** Queues an email with `db`, the change's transaction: it exists if and only if the change commits. */
  queue(db: Db, email: QueuedEmail): Promise<string>;
  /** Queues several in one statement (a notification to a team), in the same way. */
  queueAll(db: Db, emails: readonly QueuedEmail[]): Promise<string[]>;
  /** Looks for due emails now rather than at the next poll (no-op until started). */
  wake(): void;
  /** Starts delivering (the server does; tests that only queue need not). */
  start(): void;
  /** Finishes the email in hand and stops. */
  stop(): Promise<void>;
}

export function createMailer(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'MINISTRY_NAME' | 'BASE_URL'>,
  db: Db,
  logger: Logger,
  {
    transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : undefined,
    ministryName = () => Promise.resolve(config.MINISTRY_NAME),
  }: {
    transport?: MailTransport;
    /**
     * The name an email is signed with, read in the change's transaction: the organisation's
     * name as Admin > Organization has it (the server passes it), so an email never names two
     * ministries ("Grace Community Ministry asks you…" under "Ministry Portal").
     */
    ministryName?: (db: Db) => Promise<string>;
  } = {},
): Mailer {
  let sender: MailSender | undefined;
  const queueAll = async (tx: Db, emails: readonly QueuedEmail[]) => {
    if (emails.length === 0) return [];
    const branding = { ministryName: await ministryName(tx), baseUrl: config.BASE_URL };
    const ids = await queueEmails(tx, branding, emails);
    // After the change has (most likely) committed; the poll catches it otherwise.
    if (ids.length > 0) setTimeout(() => sender?.wake(), 200).unref();
    return ids;
  };
  return {
    enabled: transport !== undefined,
    queue: async (tx, email) => (await queueAll(tx, [email]))[0]!,
    queueAll,
    wake: () => sender?.wake(),
    start() {
      if (!transport || sender) return;
      sender = startMailSender({ db, transport, from: config.MAIL_FROM!, logger, pollMs: MAIL_POLL_MS });
    },
    async stop() {
      await sender?.stop();
      sender = undefined;
    },
  };
}

import type { Db } from '../db/client';
import type { AppDeps } from '../http/app-env';
import type { ActingPerson, Permissions } from '#shared/permissions';
import { recordChange, type Change } from './changes';
import type { Notices } from './notices';

/** The person a service acts for, as the request's session resolved them. */
export interface Actor extends ActingPerson {
  permissions: Permissions;
  /** Where the request came from (the client address `TRUSTED_PROXIES` allows us to believe). */
  clientIp?: string | null;
}

/**
 * What every service function receives first (docs/decisions/0097): the database (or, inside
 * `change`, the open transaction), the acting person, and the server's dependencies. Refusals
 * are thrown as `ServiceError` (errors.ts).
 */
export interface ServiceContext {
  readonly db: Db;
  readonly actor: Actor;
  readonly deps: AppDeps;
  /**
   * Runs `write` in one transaction. What it records with `tx.record` is kept, and announced
   * over the realtime stream, if and only if the transaction commits. Called inside a change,
   * it joins that change's transaction.
   */
  change<T>(write: (tx: ChangeContext) => Promise<T>): Promise<T>;
}

/** A service context inside a change's transaction. */
export interface ChangeContext extends ServiceContext {
  /**
   * Writes the activity record of a change and queues its realtime event (changes.ts), and
   * lets the notifications derive theirs from it (their reads sent beside the record's insert).
   */
  record(change: Change): Promise<void>;
}

export function serviceContext(deps: AppDeps, actor: Actor): ServiceContext {
  return {
    db: deps.database.db,
    actor,
    deps,
    change: (write) => deps.database.db.transaction((tx) => write(changeContext(tx as unknown as Db, deps, actor))),
  };
}

function changeContext(tx: Db, deps: AppDeps, actor: Actor): ChangeContext {
  const context: ChangeContext = {
    db: tx,
    actor,
    deps,
    change: (write) => write(context),
    record: (change) => recordWithNotices(tx, deps.notices, actor, change),
  };
  return context;
}

/**
 * The record and the notifications derived from it, in the same transaction (docs/decisions/0100).
 * The notifications' reads (the rule's, then its recipients) are sent with the record's insert
 * rather than after it: nothing they read is written by it, and on the embedded database each
 * wait for an answer holds the one connection, which everyone else waits for (decision 0143).
 */
export async function recordWithNotices(
  tx: Db,
  notices: Notices,
  actor: { id: string | null; clientIp?: string | null },
  change: Change,
): Promise<void> {
  const activityId = recordChange(tx, actor, change);
  await Promise.all([
    activityId,
    notices.recorded(
      tx,
      {
        actorId: actor.id,
        action: change.action,
        subject: change.subject,
        before: change.before ?? null,
        after: change.after ?? null,
        unrecorded: change.unrecorded,
      },
      activityId,
    ),
  ]);
}

/**
 * A change made by a visitor who is not signed in (an answer to a public form, issue 21): no
 * actor but the client address. Recorded, announced and notified like any change, inside the
 * caller's transaction `tx`.
 */
export function recordVisitorChange(tx: Db, deps: AppDeps, clientIp: string | null, change: Change): Promise<void> {
  return recordWithNotices(tx, deps.notices, { id: null, clientIp }, change);
}

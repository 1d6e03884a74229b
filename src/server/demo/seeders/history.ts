import { asc, isNull } from 'drizzle-orm';
import { rememberSignIn } from '#server/auth/account-status';
import type { Db } from '#server/db/client';
import { activity, events, forms, partners, tasks } from '#server/db/schema';
import type { DemoContext } from '../seed';

/** One entry of the demo's past, written as the change that made it would have written it. */
export interface PastChange {
  at: Date;
  actorId: string | null;
  clientIp?: string;
  action: string;
  subject: { type: string; id: string };
  after?: unknown;
}

/**
 * Writes entries of the change record dated when the demo's rows say they happened. The demo
 * inserts its rows directly, to date them in the past, so without these the audit log, a
 * partner's timeline and a gift's history would begin at the moment `npm run demo` ran, as if
 * nobody had entered anything. Each entry has the values the service itself records (never a
 * secret: no form link, no password), and the hash chain seals them at commit like any other.
 */
export async function recordPastChanges(db: Db, changes: PastChange[]) {
  if (changes.length === 0) return;
  await db.insert(activity).values(
    changes.map((change) => ({
      at: change.at,
      actorId: change.actorId,
      clientIp: change.clientIp ?? null,
      action: change.action,
      subjectType: change.subject.type,
      subjectId: change.subject.id,
      after: change.after ?? null,
    })),
  );
}

const HOUR = 3_600_000;

/**
 * The rest of the demo's past (gifts record their own, donations.ts): the partners added, the
 * tasks, events and forms created, and a week of sign-ins with one mistyped password, so an
 * admin opening Admin > Audit log finds a ministry's ordinary week in it.
 */
export async function seedDemoHistory({ db, users, now }: DemoContext) {
  const [partnerRows, taskRows, eventRows, formRows] = await Promise.all([
    db
      .select({
        id: partners.id,
        at: partners.createdAt,
        by: partners.userId,
        name: partners.name,
        email: partners.email,
        location: partners.location,
        status: partners.status,
      })
      .from(partners)
      .orderBy(asc(partners.createdAt)),
    db
      .select({
        id: tasks.id,
        at: tasks.createdAt,
        by: tasks.createdBy,
        title: tasks.title,
        priority: tasks.priority,
        dueDate: tasks.dueDate,
      })
      .from(tasks),
    db
      .select({
        id: events.id,
        at: events.createdAt,
        by: events.userId,
        title: events.title,
        startDate: events.startDate,
        location: events.location,
      })
      .from(events)
      // An occurrence changed on its own is a change to its series, not an event created.
      .where(isNull(events.seriesId)),
    db.select({ id: forms.id, at: forms.createdAt, by: forms.userId, title: forms.title }).from(forms),
  ]);
  const created = (type: string, rows: { id: string; at: Date; by: string | null }[]) =>
    rows.map(({ id, at, by, ...after }) => ({
      at,
      actorId: by,
      action: `${type}.created`,
      subject: { type, id },
      after: { id, ...after },
    }));
  const people = [users.admin, ...users.coordinators];
  // Each person signed in on the weekday mornings of the past week (8:30, 9:30, ...: the
  // server's time zone, as the other seeders' days), from the office's network.
  const signIns: PastChange[] = [];
  for (let daysAgo = 7; daysAgo >= 1; daysAgo--) {
    people.forEach((person, i) => {
      const at = new Date(now);
      at.setDate(now.getDate() - daysAgo);
      at.setHours(8 + i, 30, 0, 0);
      if (at.getDay() === 0 || at.getDay() === 6) return;
      signIns.push({
        at,
        actorId: person.id,
        clientIp: `192.0.2.${10 + i}`,
        action: 'sign_in.succeeded',
        subject: { type: 'account', id: person.email },
      });
    });
  }
  // A mistyped password, then the right one a minute later, from the coordinator's own desk.
  const coordinator = users.coordinators[0]!;
  signIns.push(
    {
      at: new Date(now.getTime() - 2 * HOUR - 60_000),
      actorId: null,
      clientIp: '192.0.2.11',
      action: 'sign_in.failed',
      subject: { type: 'account', id: coordinator.email },
    },
    {
      at: new Date(now.getTime() - 2 * HOUR),
      actorId: coordinator.id,
      clientIp: '192.0.2.11',
      action: 'sign_in.succeeded',
      subject: { type: 'account', id: coordinator.email },
    },
  );
  // The accounts list's "Last sign-in" agrees with the log.
  const latest = new Map<string, Date>();
  for (const signIn of signIns) {
    if (signIn.action !== 'sign_in.succeeded' || !signIn.actorId) continue;
    const known = latest.get(signIn.actorId);
    if (!known || signIn.at > known) latest.set(signIn.actorId, signIn.at);
  }
  for (const [userId, at] of latest) await rememberSignIn(db, userId, at);
  await recordPastChanges(db, [
    ...created('partner', partnerRows),
    ...created('task', taskRows),
    ...created('event', eventRows),
    ...created('form', formRows),
    ...signIns,
  ]);
}

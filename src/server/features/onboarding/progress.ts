import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { onboardingProgress, onboardingSteps } from '#server/db/schema';
import type { Announcement } from '#server/service/changes';
import type { ChangeContext, ServiceContext } from '#server/service/context';
import { lockedRow } from '#server/service/locked-row';
import { watchedEnough, type OnboardingStep } from '#shared/onboarding';
import type { onboardingProgressSchema } from '#shared/schemas/onboarding';

// A person's progress through the onboarding steps (issue 22 item 8): the player's reports and
// "Mark as done".

type ProgressRow = typeof onboardingProgress.$inferSelect;
type ProgressInput = z.output<typeof onboardingProgressSchema>;

/** Locks the step (404 when gone) and the actor's progress on it, which may not exist yet. */
async function lockedProgress(tx: ChangeContext, stepId: string): Promise<ProgressRow | undefined> {
  await lockedRow(
    tx.db.select({ id: onboardingSteps.id }).from(onboardingSteps).where(eq(onboardingSteps.id, stepId)),
    404,
    'Step not found',
  );
  const [row] = await tx.db
    .select()
    .from(onboardingProgress)
    .where(and(eq(onboardingProgress.userId, tx.actor.id), eq(onboardingProgress.stepId, stepId)))
    .for('update');
  return row;
}

/** Progress is kept in tenths of a video: a report is stored only when it reaches a new tenth. */
const TENTHS = 10;
const tenth = (watched: number, duration: number | null) =>
  duration && duration > 0 ? Math.floor((Math.min(watched, duration) / duration) * TENTHS) : -1;

/**
 * The player's report of how far the person got. Progress never goes backwards (the furthest
 * point is kept), and the step is done at 90% (DONE_FRACTION). A report is written, and
 * recorded, only when it moves the person into a new tenth of the video or completes the step:
 * at most about ten records per person and step, not one every ten seconds (decision 0122).
 */
export async function recordProgress(
  ctx: ServiceContext,
  stepId: string,
  input: ProgressInput,
): Promise<OnboardingStep['progress']> {
  return ctx.change(async (tx) => {
    const before = await lockedProgress(tx, stepId);
    const duration = input.durationSeconds;
    const watched = Math.min(Math.max(input.watchedSeconds, before?.watchedSeconds ?? 0), duration);
    const alreadyDone = before?.completedAt != null;
    const completes = !alreadyDone && watchedEnough(watched, duration);
    const moved = tenth(watched, duration) > tenth(before?.watchedSeconds ?? 0, before?.durationSeconds ?? duration);
    if (before && !completes && !moved) return progressOf(before);
    if (!before && !completes && tenth(watched, duration) < 1) {
      // Less than a tenth of a first watch: nothing worth a record yet.
      return { watchedSeconds: watched, durationSeconds: duration, done: false };
    }
    const values = {
      watchedSeconds: watched,
      durationSeconds: duration,
      completedAt: completes ? new Date() : (before?.completedAt ?? null),
      updatedAt: new Date(),
    };
    const [row] = await tx.db
      .insert(onboardingProgress)
      .values({ userId: tx.actor.id, stepId, ...values })
      .onConflictDoUpdate({ target: [onboardingProgress.userId, onboardingProgress.stepId], set: values })
      .returning();
    await tx.record({
      action: completes ? 'onboarding_step.completed' : 'onboarding_step.progressed',
      subject: { type: 'onboarding_step', id: stepId },
      announce: completes ? progressAnnouncements(tx.actor.id) : undefined,
      before: before ?? null,
      after: row,
    });
    return progressOf(row!);
  });
}

/** "Mark as done" (a linked video the portal cannot follow, or a person who watched elsewhere). */
export async function markDone(ctx: ServiceContext, stepId: string): Promise<OnboardingStep['progress']> {
  return ctx.change(async (tx) => {
    const before = await lockedProgress(tx, stepId);
    if (before?.completedAt) return progressOf(before);
    const now = new Date();
    const [row] = await tx.db
      .insert(onboardingProgress)
      .values({ userId: tx.actor.id, stepId, completedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [onboardingProgress.userId, onboardingProgress.stepId],
        set: { completedAt: now, updatedAt: now },
      })
      .returning();
    await tx.record({
      action: 'onboarding_step.completed',
      subject: { type: 'onboarding_step', id: stepId },
      announce: progressAnnouncements(tx.actor.id),
      before: before ?? null,
      after: row,
    });
    return progressOf(row!);
  });
}

/** The person's other tabs and open User Management screens hear of a completed step. */
function progressAnnouncements(userId: string): Announcement[] {
  const event = { type: 'onboarding.progress' as const, userId };
  return [
    { audience: { userId }, event },
    { audience: { feature: 'user_management' }, event },
  ];
}

function progressOf(row: ProgressRow): OnboardingStep['progress'] {
  return { watchedSeconds: row.watchedSeconds, durationSeconds: row.durationSeconds, done: row.completedAt != null };
}

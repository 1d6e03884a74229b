import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { onboardingProgress, onboardingSteps } from '#server/db/schema';
import type { AppDeps } from '#server/http/app-env';
import type { IncomingFile } from '#server/http/multipart';
import type { Announcement } from '#server/service/changes';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { lockedRow } from '#server/service/locked-row';
import { isObjectKey, newObjectKey } from '#server/storage/index';
import { readHead } from '#server/storage/read-head';
import { sniffVideoType, VIDEO_SNIFF_BYTES } from '#server/storage/sniff';
import {
  NOT_A_VIDEO,
  ONBOARDING_LIMITS,
  watchedEnough,
  type OnboardingStep,
  type OnboardingVideo,
  type OnboardingView,
  type PersonOnboarding,
} from '#shared/onboarding';
import type { z } from 'zod';
import type { onboardingProgressSchema, onboardingStepInputSchema } from '#shared/schemas/onboarding';

type StepRow = typeof onboardingSteps.$inferSelect;
type ProgressRow = typeof onboardingProgress.$inferSelect;
type StepInput = z.output<typeof onboardingStepInputSchema>;
type ProgressInput = z.output<typeof onboardingProgressSchema>;

/** An uploaded video, stored and checked, before its step points at it. */
export interface StoredVideo {
  key: string;
  type: string;
  size: number;
  name: string;
}

const VIDEO_PREFIX = 'onboarding-videos/';

/** Open onboarding pages (everyone holding `more`) reload when the steps change. */
const stepsChanged: Announcement = { audience: { feature: 'more' }, event: { type: 'onboarding.changed' } };

/**
 * The address that streams a step's video. The key's own id is in it, so a replaced video has
 * a new address and no player or cache keeps showing the old one.
 */
function videoOf(row: StepRow): OnboardingVideo | null {
  if (row.videoKey && row.videoKey.startsWith(VIDEO_PREFIX)) {
    return {
      kind: 'upload',
      url: `/api/onboarding/steps/${row.id}/video?v=${row.videoKey.slice(VIDEO_PREFIX.length)}`,
      type: row.videoType ?? 'video/mp4',
      size: row.videoSize ?? 0,
      name: row.videoName ?? 'video',
    };
  }
  if (row.videoLink) return { kind: 'link', url: row.videoLink };
  return null;
}

function toStep(row: StepRow, index: number, progress: ProgressRow | undefined): OnboardingStep {
  return {
    id: row.id,
    number: index + 1,
    title: row.title,
    description: row.description,
    video: videoOf(row),
    progress: {
      watchedSeconds: progress?.watchedSeconds ?? 0,
      durationSeconds: progress?.durationSeconds ?? null,
      done: progress?.completedAt != null,
    },
  };
}

const inOrder = [asc(onboardingSteps.position), asc(onboardingSteps.createdAt), asc(onboardingSteps.id)];

/** The steps in order, each with the reader's own progress (GET /api/onboarding). */
export async function onboardingView(db: Db, userId: string, videoMaxMb: number): Promise<OnboardingView> {
  const rows = await db
    .select({ step: onboardingSteps, progress: onboardingProgress })
    .from(onboardingSteps)
    .leftJoin(
      onboardingProgress,
      and(eq(onboardingProgress.stepId, onboardingSteps.id), eq(onboardingProgress.userId, userId)),
    )
    .orderBy(...inOrder);
  const steps = rows.map((r, i) => toStep(r.step, i, r.progress ?? undefined));
  return { steps, done: steps.filter((s) => s.progress.done).length, total: steps.length, videoMaxMb };
}

/**
 * How many steps each person has done, for User Management: one statement over the progress
 * table (people without a row have done none) with the number of steps beside it.
 */
export async function onboardingByPerson(db: Db): Promise<{ total: number; people: PersonOnboarding[] }> {
  const rows = await db
    .select({
      userId: onboardingProgress.userId,
      done: sql<number>`count(*)::int`,
      total: sql<number>`(select count(*)::int from ${onboardingSteps})`,
    })
    .from(onboardingProgress)
    .where(isNotNull(onboardingProgress.completedAt))
    .groupBy(onboardingProgress.userId);
  // Nobody has done a step yet: the rows carry no total, so count the steps alone.
  let total = rows[0]?.total;
  if (total === undefined) {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(onboardingSteps);
    total = counted?.n ?? 0;
  }
  return { total, people: rows.map(({ userId, done }) => ({ userId, done })) };
}

async function stepFor(db: Db, id: string): Promise<StepRow> {
  return lockedRow(db.select().from(onboardingSteps).where(eq(onboardingSteps.id, id)), 404, 'Step not found');
}

async function stepNumber(db: Db, id: string): Promise<number> {
  const rows = await db
    .select({ id: onboardingSteps.id })
    .from(onboardingSteps)
    .orderBy(...inOrder);
  return rows.findIndex((r) => r.id === id);
}

async function publicStep(db: Db, row: StepRow): Promise<OnboardingStep> {
  return toStep(row, await stepNumber(db, row.id), undefined);
}

export async function createStep(ctx: ServiceContext, input: StepInput): Promise<OnboardingStep> {
  return ctx.change(async (tx) => {
    const [{ count, last } = { count: 0, last: 0 }] = await tx.db
      .select({
        count: sql<number>`count(*)::int`,
        last: sql<number>`coalesce(max(${onboardingSteps.position}), 0)::int`,
      })
      .from(onboardingSteps);
    if (count >= ONBOARDING_LIMITS.steps) refuse(409, `There can be at most ${ONBOARDING_LIMITS.steps} steps.`);
    const [row] = await tx.db
      .insert(onboardingSteps)
      .values({ position: last + 1, title: input.title, description: input.description, videoLink: input.videoLink })
      .returning();
    await tx.record({
      action: 'onboarding_step.created',
      subject: { type: 'onboarding_step', id: row!.id },
      announce: stepsChanged,
      after: row,
    });
    return publicStep(tx.db, row!);
  });
}

/** Title, description and link. A step with an uploaded video gets no link until the video is removed. */
export async function updateStep(ctx: ServiceContext, id: string, input: StepInput): Promise<OnboardingStep> {
  return ctx.change(async (tx) => {
    const before = await stepFor(tx.db, id);
    if (input.videoLink && before.videoKey) {
      refuse(409, 'This step has an uploaded video. Remove the video before adding a link.');
    }
    const [row] = await tx.db
      .update(onboardingSteps)
      .set({ title: input.title, description: input.description, videoLink: input.videoLink, updatedAt: new Date() })
      .where(eq(onboardingSteps.id, id))
      .returning();
    await tx.record({
      action: 'onboarding_step.updated',
      subject: { type: 'onboarding_step', id },
      announce: stepsChanged,
      before,
      after: row,
    });
    return publicStep(tx.db, row!);
  });
}

/** Deletes a step with everyone's progress on it; its video goes once the change has committed. */
export async function deleteStep(ctx: ServiceContext, id: string): Promise<void> {
  const removedKey = await ctx.change(async (tx) => {
    const before = await stepFor(tx.db, id);
    await tx.db.delete(onboardingSteps).where(eq(onboardingSteps.id, id));
    await tx.record({
      action: 'onboarding_step.deleted',
      subject: { type: 'onboarding_step', id },
      announce: stepsChanged,
      before,
    });
    return before.videoKey;
  });
  await deleteVideoObject(ctx.deps, removedKey);
}

/** The new order, naming every step once: anything else means the list on screen is out of date. */
export async function reorderSteps(ctx: ServiceContext, ids: string[]): Promise<void> {
  await ctx.change(async (tx) => {
    const current = await tx.db
      .select({ id: onboardingSteps.id, position: onboardingSteps.position })
      .from(onboardingSteps)
      .orderBy(...inOrder)
      .for('update');
    const known = new Set(current.map((r) => r.id));
    if (ids.length !== current.length || ids.some((id) => !known.has(id))) {
      refuse(409, 'The steps have changed since the page was loaded. Please reload and try again.');
    }
    for (const [index, id] of ids.entries()) {
      await tx.db
        .update(onboardingSteps)
        .set({ position: index + 1, updatedAt: new Date() })
        .where(eq(onboardingSteps.id, id));
    }
    await tx.record({
      action: 'onboarding_steps.reordered',
      subject: { type: 'onboarding_steps', id: 'order' },
      announce: stepsChanged,
      before: current.map((r) => r.id),
      after: ids,
    });
  });
}

/**
 * Streams an uploaded video into storage once its first bytes show an MP4 or WebM (by content,
 * never by name or declared type), within the video limit. An empty part means no file.
 */
export async function storeVideo(deps: AppDeps, incoming: IncomingFile): Promise<StoredVideo | null> {
  const { head, body } = await readHead(incoming.stream, VIDEO_SNIFF_BYTES);
  if (head.length === 0) {
    body.resume();
    return null;
  }
  const type = sniffVideoType(head);
  if (!type) {
    body.destroy();
    refuse(400, NOT_A_VIDEO);
  }
  const key = newObjectKey('onboarding-videos');
  const { size } = await deps.storage.put(key, body, {
    contentType: type,
    maxBytes: Math.floor(deps.config.ONBOARDING_VIDEO_MAX_MB * 1024 * 1024),
  });
  const name = incoming.filename.trim().slice(0, 255) || (type === 'video/webm' ? 'video.webm' : 'video.mp4');
  return { key, type, size, name };
}

/** Puts an uploaded video on a step, in place of its video or link; the replaced video goes after the commit. */
export async function attachVideo(ctx: ServiceContext, id: string, video: StoredVideo): Promise<OnboardingStep> {
  const { step, replaced } = await ctx.change(async (tx) => {
    const before = await stepFor(tx.db, id);
    const [row] = await tx.db
      .update(onboardingSteps)
      .set({
        videoKey: video.key,
        videoType: video.type,
        videoSize: video.size,
        videoName: video.name,
        videoLink: null,
        updatedAt: new Date(),
      })
      .where(eq(onboardingSteps.id, id))
      .returning();
    await tx.record({
      action: 'onboarding_step.video_uploaded',
      subject: { type: 'onboarding_step', id },
      announce: stepsChanged,
      before,
      after: row,
    });
    return { step: await publicStep(tx.db, row!), replaced: before.videoKey };
  });
  await deleteVideoObject(ctx.deps, replaced);
  return step;
}

export async function removeVideo(ctx: ServiceContext, id: string): Promise<OnboardingStep> {
  const { step, removed } = await ctx.change(async (tx) => {
    const before = await stepFor(tx.db, id);
    if (!before.videoKey) refuse(404, 'This step has no uploaded video.');
    const [row] = await tx.db
      .update(onboardingSteps)
      .set({ videoKey: null, videoType: null, videoSize: null, videoName: null, updatedAt: new Date() })
      .where(eq(onboardingSteps.id, id))
      .returning();
    await tx.record({
      action: 'onboarding_step.video_removed',
      subject: { type: 'onboarding_step', id },
      announce: stepsChanged,
      before,
      after: row,
    });
    return { step: await publicStep(tx.db, row!), removed: before.videoKey };
  });
  await deleteVideoObject(ctx.deps, removed);
  return step;
}

/** After the record no longer points at it: a failure leaves an orphan for the sweep, never a dangling record. */
async function deleteVideoObject(deps: AppDeps, key: string | null) {
  if (!key || !isObjectKey(key)) return;
  await deps.storage
    .delete(key)
    .catch((err: unknown) => deps.logger.warn({ err, key }, 'could not delete a removed onboarding video'));
}

/** Where a step's uploaded video is, for streaming it. */
export async function storedVideo(
  db: Db,
  id: string,
): Promise<{ key: string; size: number; type: string; name: string }> {
  const [row] = await db.select().from(onboardingSteps).where(eq(onboardingSteps.id, id));
  if (!row) refuse(404, 'Step not found');
  if (!row.videoKey || !isObjectKey(row.videoKey)) refuse(404, 'This step has no uploaded video.');
  return {
    key: row.videoKey,
    size: row.videoSize ?? 0,
    type: row.videoType ?? 'video/mp4',
    name: row.videoName ?? 'video',
  };
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
    await lockedRow(
      tx.db.select({ id: onboardingSteps.id }).from(onboardingSteps).where(eq(onboardingSteps.id, stepId)),
      404,
      'Step not found',
    );
    const [before] = await tx.db
      .select()
      .from(onboardingProgress)
      .where(and(eq(onboardingProgress.userId, tx.actor.id), eq(onboardingProgress.stepId, stepId)))
      .for('update');
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
    await lockedRow(
      tx.db.select({ id: onboardingSteps.id }).from(onboardingSteps).where(eq(onboardingSteps.id, stepId)),
      404,
      'Step not found',
    );
    const [before] = await tx.db
      .select()
      .from(onboardingProgress)
      .where(and(eq(onboardingProgress.userId, tx.actor.id), eq(onboardingProgress.stepId, stepId)))
      .for('update');
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

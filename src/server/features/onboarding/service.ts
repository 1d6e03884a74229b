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
  type OnboardingStep,
  type OnboardingVideo,
  type OnboardingView,
  type PersonOnboarding,
} from '#shared/onboarding';
import type { z } from 'zod';
import type { onboardingStepInputSchema } from '#shared/schemas/onboarding';

type StepRow = typeof onboardingSteps.$inferSelect;
type ProgressRow = typeof onboardingProgress.$inferSelect;
type StepInput = z.output<typeof onboardingStepInputSchema>;

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

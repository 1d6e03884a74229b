import { asc, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { APP_ROOT } from '#server/app-root';
import { onboardingProgress, onboardingSteps } from '#server/db/schema';
import { newObjectKey } from '#server/storage/index';
import type { DemoContext } from '../seed';

/** The few-second WebM the browser tests upload: a playable video for the first step. */
const DEMO_VIDEO = path.join(APP_ROOT, 'e2e', 'fixtures', 'onboarding-step.webm');

/**
 * Onboarding (issue 22): the four default steps come from the migration. The first gets a
 * short uploaded video, the third a link to a video page; Sarah has done the first two, so
 * User Management shows "2/4" and her dashboard still says "Continue onboarding".
 */
export async function seedDemoOnboarding({ db, users, now, storage }: DemoContext) {
  const steps = await db.select().from(onboardingSteps).orderBy(asc(onboardingSteps.position));
  const [first, second, third] = steps;
  if (!first || !second || !third) return;

  if (storage && existsSync(DEMO_VIDEO)) {
    const bytes = await readFile(DEMO_VIDEO);
    const key = newObjectKey('onboarding-videos');
    await storage.put(key, Readable.from([bytes]), { contentType: 'video/webm', maxBytes: bytes.length });
    await db
      .update(onboardingSteps)
      .set({ videoKey: key, videoType: 'video/webm', videoSize: bytes.length, videoName: 'Welcome.webm' })
      .where(eq(onboardingSteps.id, first.id));
  }
  await db
    .update(onboardingSteps)
    .set({ videoLink: 'https://videos.example.org/training/tools-and-resources' })
    .where(eq(onboardingSteps.id, third.id));

  const sarah = users.coordinators[0];
  if (!sarah) return;
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  await db.insert(onboardingProgress).values([
    { userId: sarah.id, stepId: first.id, watchedSeconds: 3.9, durationSeconds: 3.9, completedAt: daysAgo(6) },
    { userId: sarah.id, stepId: second.id, watchedSeconds: 0, completedAt: daysAgo(5) },
  ]);
}

/** Coordinator onboarding: the steps and each person's progress. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  real,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { user } from './accounts';

/**
 * Onboarding steps (issue 22): the four of SPEC.md are the defaults (migration 0023). A video
 * is uploaded (`video_key`, `onboarding-videos/<uuid>` in storage) or a link to a video page
 * (`video_link`); neither shows "Video coming soon".
 */
export const onboardingSteps = pgTable(
  'onboarding_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: integer('position').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }),
    videoKey: text('video_key'),
    videoType: varchar('video_type', { length: 100 }),
    videoSize: bigint('video_size', { mode: 'number' }),
    videoName: varchar('video_name', { length: 255 }),
    videoLink: varchar('video_link', { length: 2000 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('onboarding_steps_position_idx').on(t.position),
    check('onboarding_steps_one_video_check', sql`${t.videoKey} is null or ${t.videoLink} is null`),
  ],
);

/** How far a person got with a step: done at 90% watched or when they mark it done. */
export const onboardingProgress = pgTable(
  'onboarding_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id')
      .notNull()
      .references(() => onboardingSteps.id, { onDelete: 'cascade' }),
    /** The furthest point reached and the video's length, in seconds, as the player reported them. */
    watchedSeconds: real('watched_seconds').notNull().default(0),
    durationSeconds: real('duration_seconds'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stepId] }), index('onboarding_progress_step_idx').on(t.stepId)],
);

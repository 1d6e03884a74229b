import { z } from 'zod';
import { ONBOARDING_LIMITS } from '../onboarding';

const required = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

export const onboardingStepIdSchema = z.object({ id: z.uuid('Step not found') });

/**
 * A link to a video page (a video platform, the ministry's site): http or https only, so a
 * `javascript:` or `data:` address can never become a link someone clicks.
 */
export const videoLinkSchema = z
  .string()
  .trim()
  .max(ONBOARDING_LIMITS.link, `A video link can be at most ${ONBOARDING_LIMITS.link} characters`)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Please enter a full http:// or https:// address of the video page')
  .transform((value) => (value === '' ? null : value));

export const onboardingStepInputSchema = z.object({
  title: z
    .string(required('Please enter a title'))
    .trim()
    .min(1, 'Please enter a title')
    .max(ONBOARDING_LIMITS.title, `A title can be at most ${ONBOARDING_LIMITS.title} characters`),
  description: z
    .string({ error: 'The description must be text' })
    .trim()
    .max(ONBOARDING_LIMITS.description, `A description can be at most ${ONBOARDING_LIMITS.description} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
  videoLink: videoLinkSchema.nullish().transform((value) => value ?? null),
});
export type OnboardingStepInput = z.input<typeof onboardingStepInputSchema>;

/** The new order: every step's id, once each, first to last. */
export const onboardingOrderSchema = z.object({
  ids: z
    .array(z.uuid('Step not found'), { error: 'Send the steps in their new order' })
    .min(1, 'Send the steps in their new order')
    .max(ONBOARDING_LIMITS.steps, 'Send the steps in their new order')
    .refine((ids) => new Set(ids).size === ids.length, 'Each step can appear only once'),
});

/** A day of video is far beyond any training video; the ceiling keeps the numbers sane. */
const SECONDS_MAX = 24 * 60 * 60;

/**
 * Seconds as stored: to the millisecond. The column is a 4-byte real, which cannot hold a
 * denormal such as 5e-324 (PostgreSQL refuses it as an underflow), and no player reports
 * finer than that anyway.
 */
const toMillisecond = (seconds: number) => Math.round(seconds * 1000) / 1000;

export const onboardingProgressSchema = z.object({
  watchedSeconds: z
    .number({ error: 'watchedSeconds must be a number of seconds' })
    .min(0, 'watchedSeconds cannot be negative')
    .max(SECONDS_MAX, 'watchedSeconds is too large')
    .transform(toMillisecond),
  durationSeconds: z
    .number({ error: 'durationSeconds must be a number of seconds' })
    .min(0.1, 'durationSeconds must be at least 0.1')
    .max(SECONDS_MAX, 'durationSeconds is too large')
    .transform(toMillisecond),
});

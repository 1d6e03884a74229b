/**
 * Coordinator onboarding (SPEC "onboarding", issue 22 items 6-8, decision 0122): numbered
 * steps, each with an uploaded video or a link to a video page, and each person's progress.
 */

/** A step is done once this share of its video has been watched (or it is marked done). */
export const DONE_FRACTION = 0.9;

export const ONBOARDING_LIMITS = { title: 200, description: 2000, link: 2000, steps: 100 } as const;

/** The video types an upload may be, recognised by content (server/storage/sniff.ts). */
export const ONBOARDING_VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export type OnboardingVideoType = (typeof ONBOARDING_VIDEO_TYPES)[number];

export const NOT_A_VIDEO = 'This file is not an MP4 or WebM video. Please choose an .mp4 or .webm video file.';

export type OnboardingVideo =
  { kind: 'upload'; url: string; type: string; size: number; name: string } | { kind: 'link'; url: string };

export interface OnboardingProgress {
  watchedSeconds: number;
  durationSeconds: number | null;
  done: boolean;
}

export interface OnboardingStep {
  id: string;
  /** 1, 2, 3... in the order shown. */
  number: number;
  title: string;
  description: string | null;
  video: OnboardingVideo | null;
  progress: OnboardingProgress;
}

export interface OnboardingView {
  steps: OnboardingStep[];
  done: number;
  total: number;
  /** The upload limit for a video, in MB (ONBOARDING_VIDEO_MAX_MB), checked before sending. */
  videoMaxMb: number;
}

/** One person's count of done steps, for User Management. */
export interface PersonOnboarding {
  userId: string;
  done: number;
}

/** Whether `watched` seconds of a video `duration` long completes its step. */
export function watchedEnough(watched: number, duration: number | null): boolean {
  return duration !== null && duration > 0 && watched >= DONE_FRACTION * duration;
}

export function videoTooLargeMessage(maxMb: number): string {
  return `Videos larger than ${maxMb} MB cannot be uploaded.`;
}

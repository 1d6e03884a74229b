import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMultipart } from '@/lib/upload';
import type { OnboardingStep } from '#shared/onboarding';
import { ONBOARDING_KEY } from './get-onboarding';

/** Uploads (or replaces) a step's video, reporting progress from 0 to 1; `signal` cancels it. */
export async function uploadVideo(
  stepId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.set('video', file, file.name);
  const { step } = await sendMultipart<{ step: OnboardingStep }>(
    `/api/onboarding/steps/${encodeURIComponent(stepId)}/video`,
    'POST',
    form,
    (sent, total) => onProgress(total > 0 ? sent / total : 0),
    signal,
  );
  return step;
}

export function useUploadVideo(stepId: string, onProgress: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, signal }: { file: File; signal?: AbortSignal }) =>
      uploadVideo(stepId, file, onProgress, signal),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ONBOARDING_KEY }),
  });
}

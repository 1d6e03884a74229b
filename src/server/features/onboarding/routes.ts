import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature, requireRole } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { serveStoredObjectRanges } from '#server/http/stored-file';
import { withUpload } from '#server/http/upload';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import { videoTooLargeMessage } from '#shared/onboarding';
import {
  onboardingOrderSchema,
  onboardingProgressSchema,
  onboardingStepIdSchema,
  onboardingStepInputSchema,
} from '#shared/schemas/onboarding';
import {
  attachVideo,
  createStep,
  deleteStep,
  onboardingByPerson,
  onboardingView,
  removeVideo,
  reorderSteps,
  storedVideo,
  storeVideo,
  updateStep,
} from './service';
import { markDone, recordProgress } from './progress';

/** The upload route, which the body limit lets carry a video (ONBOARDING_VIDEO_MAX_MB) instead of a file. */
export const ONBOARDING_VIDEO_UPLOAD_PATH = /^\/api\/onboarding\/steps\/[^/]+\/video$/;

const readers = requireFeature('more');
// Training content is the ministry's: only admins change it (decision 0122).
const admins = [requireFeature('more'), requireRole('admin')] as const;

/**
 * /api/onboarding (issue 22 items 6-8): everyone holding `more` reads the steps, streams the
 * videos and reports their own progress; admins manage the steps; User Management reads
 * everyone's progress.
 */
export function onboardingRoutes() {
  return new Hono<AppEnv>()
    .get('/', readers, async (c) => {
      const { deps } = c.var;
      return c.json(await onboardingView(deps.database.db, c.var.user!.id, deps.config.ONBOARDING_VIDEO_MAX_MB), 200);
    })
    .get('/people', requireFeature('user_management'), async (c) =>
      c.json(await onboardingByPerson(c.var.deps.database.db), 200),
    )
    .post('/steps', ...admins, validate('json', onboardingStepInputSchema), async (c) =>
      c.json({ step: await createStep(contextOf(c), c.req.valid('json')) }, 201),
    )
    .put(
      '/steps/:id',
      ...admins,
      validate('param', onboardingStepIdSchema),
      validate('json', onboardingStepInputSchema),
      async (c) => c.json({ step: await updateStep(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .delete('/steps/:id', ...admins, validate('param', onboardingStepIdSchema), async (c) => {
      await deleteStep(contextOf(c), c.req.valid('param').id);
      return c.json({ deleted: true }, 200);
    })
    .put('/order', ...admins, validate('json', onboardingOrderSchema), async (c) => {
      await reorderSteps(contextOf(c), c.req.valid('json').ids);
      return c.json({ reordered: true }, 200);
    })
    .post('/steps/:id/video', ...admins, validate('param', onboardingStepIdSchema), async (c) => {
      const { deps } = c.var;
      const maxMb = deps.config.ONBOARDING_VIDEO_MAX_MB;
      const step = await withUpload(
        c,
        {
          fileField: 'video',
          store: (incoming) => storeVideo(deps, incoming),
          remove: async (video) => {
            if (video) await deps.storage.delete(video.key);
          },
          limit: { maxMb, tooLargeMessage: videoTooLargeMessage(maxMb) },
        },
        async (_fields, video) => {
          if (!video) refuse(400, 'Please choose a video file (MP4 or WebM).');
          return attachVideo(contextOf(c), c.req.valid('param').id, video);
        },
      );
      return c.json({ step }, 200);
    })
    .delete('/steps/:id/video', ...admins, validate('param', onboardingStepIdSchema), async (c) =>
      c.json({ step: await removeVideo(contextOf(c), c.req.valid('param').id) }, 200),
    )
    .get('/steps/:id/video', readers, validate('param', onboardingStepIdSchema), async (c) => {
      const video = await storedVideo(c.var.deps.database.db, c.req.valid('param').id);
      return serveStoredObjectRanges(c, c.var.deps.storage, video.key, video.size, {
        filename: video.name,
        // Only the two types the upload's content check lets in are ever stored here.
        contentType: video.type === 'video/webm' ? 'video/webm' : 'video/mp4',
        disposition: 'inline',
        // The address names the video (?v=), and a new video gets a new one.
        cacheControl: 'private, max-age=86400',
        notFound: 'This step has no uploaded video.',
      });
    })
    .put(
      '/steps/:id/progress',
      readers,
      validate('param', onboardingStepIdSchema),
      validate('json', onboardingProgressSchema),
      async (c) =>
        c.json({ progress: await recordProgress(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .post('/steps/:id/done', readers, validate('param', onboardingStepIdSchema), async (c) =>
      c.json({ progress: await markDone(contextOf(c), c.req.valid('param').id) }, 200),
    );
}

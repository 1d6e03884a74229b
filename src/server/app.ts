import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { allowedOrigins } from './auth/auth';
import { authRoutes } from './auth/routes';
import { adminRoutes } from './features/admin/routes';
import { calendarFeedRoutes } from './features/calendar/feed-routes';
import { calendarRoutes } from './features/calendar/routes';
import { chatRoutes } from './features/chat/routes';
import { replayMessages } from './features/chat/service';
import { dashboardRoutes } from './features/dashboard/routes';
import { emailRoutes } from './features/email/routes';
import { auditRoutes } from './features/audit/routes';
import { exportRoutes } from './features/export/routes';
import { accountsRoutes } from './features/accounts/routes';
import { filesRoutes } from './features/files/routes';
import { formsRoutes } from './features/forms/routes';
import { publicFormRoutes } from './features/forms/public-routes';
import { formSendRoutes } from './features/forms/send-routes';
import { givingRoutes } from './features/giving/routes';
import { meRoutes } from './features/me/routes';
import { organizationRoutes } from './features/organization/routes';
import { notificationsRoutes } from './features/notifications/routes';
import { ONBOARDING_VIDEO_UPLOAD_PATH, onboardingRoutes } from './features/onboarding/routes';
import { unsubscribeRoutes } from './features/notifications/unsubscribe';
import { partnersRoutes } from './features/partners/routes';
import { settingsRoutes } from './features/settings/routes';
import { tasksRoutes } from './features/tasks/routes';
import type { AppDeps, AppEnv } from './http/app-env';
import { requestBodyLimit } from './http/body-limit';
import { clientIpMiddleware } from './http/client-ip';
import {
  dashboardSources,
  formSendPartners,
  giftImports,
  ministryName,
  partnerDirectory,
  givingCurrency,
  partnerImports,
  partnerMergeMoves,
  partnerRelations,
  statementIssuer,
  taskPartners,
} from './feature-wiring';
import { importRoutes } from './imports/routes';
import { healthRoutes, readinessRoutes } from './http/health';
import { jobsRoutes } from './jobs/routes';
import { originGuard } from './http/origin-guard';
import { securityHeaders } from './http/security-headers';
import { sessionMiddleware } from './http/session';
import { spaRoutes } from './http/spa';
import { realtimeRoutes } from './realtime/routes';
import { ServiceError } from './service/errors';
import { videoTooLargeMessage } from '#shared/onboarding';

/** Composes middleware and feature routers. The typed client uses AppType. */
export function createApp(deps: AppDeps, options: { clientDir?: string } = {}) {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    if (deps.lifecycle.stopping) {
      // Requests arriving on kept-alive sockets while stopping: ask the client to come back.
      c.header('Connection', 'close');
      c.header('Retry-After', '2');
      return c.json({ error: 'The portal is restarting. Please try again in a moment.' }, 503);
    }
    c.set('deps', deps);
    await next();
  });
  app.use('*', securityHeaders);
  // Health and readiness are plain GETs for probes: answered before the client address, the
  // origin check and the session lookup, none of which they use (decision 0053).
  app.route('/api/health', healthRoutes());
  app.route('/api/ready', readinessRoutes());
  app.use('*', clientIpMiddleware(deps.config.TRUSTED_PROXIES));
  app.use('/api/*', originGuard(allowedOrigins(deps.config)));
  app.use(
    '/api/*',
    requestBodyLimit(deps.config.MAX_UPLOAD_MB, [
      // An onboarding video has its own, larger limit (decision 0122); every other upload keeps MAX_UPLOAD_MB.
      {
        path: ONBOARDING_VIDEO_UPLOAD_PATH,
        maxMb: deps.config.ONBOARDING_VIDEO_MAX_MB,
        tooLargeMessage: videoTooLargeMessage,
      },
    ]),
  );
  app.route('/api/auth', authRoutes());
  // The unsubscribe link of notification emails works without a session (its token says who).
  app.route('/api/unsubscribe', unsubscribeRoutes());
  // The public form page's calls (issue 21): no session, the link's token names the form.
  app.route('/api/public/forms', publicFormRoutes(ministryName));
  // A calendar feed (issue 22): calendar apps fetch it without a session; its token says whose.
  app.route('/api/calendar/feed', calendarFeedRoutes());
  app.use('/api/*', sessionMiddleware);

  const api = app
    .route('/api/me', meRoutes())
    .route('/api/admin', adminRoutes())
    .route('/api/email', emailRoutes())
    .route('/api/audit', auditRoutes())
    .route('/api/export', exportRoutes())
    .route('/api/accounts', accountsRoutes())
    .route('/api/settings', settingsRoutes())
    .route('/api/organization', organizationRoutes())
    .route('/api/notifications', notificationsRoutes())
    .route('/api/jobs', jobsRoutes())
    .route(
      '/api/realtime',
      realtimeRoutes((afterId, access) => replayMessages(deps.database.db, afterId, access)),
    )
    .route('/api/chat', chatRoutes())
    .route('/api/tasks', tasksRoutes(taskPartners))
    .route('/api/forms', formsRoutes())
    .route('/api/forms', formSendRoutes(formSendPartners, ministryName))
    .route('/api/dashboard', dashboardRoutes(dashboardSources))
    .route('/api/giving', givingRoutes(partnerDirectory, giftImports, statementIssuer(deps), givingCurrency))
    // The partner import (issue 20 item 4, decision 0117): the shared pipeline's routes.
    .route('/api/partners/imports', importRoutes(partnerImports))
    .route('/api/partners', partnersRoutes({ relations: partnerRelations, mergeMoves: partnerMergeMoves }))
    .route('/api/calendar', calendarRoutes())
    .route('/api/onboarding', onboardingRoutes())
    .route('/api/files', filesRoutes());

  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));
  app.onError((err, c) => {
    // hono's own refusals (a body that is not JSON reaching a validator) are the client's
    // mistake: answer them as such, in the usual { error } shape, not as a server failure.
    if (err instanceof HTTPException && err.status < 500) return c.json({ error: err.message }, err.status);
    // A service's refusal (docs/decisions/0097): the API's standard error, nothing logged.
    if (err instanceof ServiceError) {
      // A 413 closes the connection, so the rest of an oversized upload is not read: the
      // browser checks the size before sending, so only a client that ignored it is cut short.
      if (err.status === 413) c.header('Connection', 'close');
      return c.json(err.issues ? { error: err.message, issues: err.issues } : { error: err.message }, err.status);
    }
    deps.logger.error({ err, path: c.req.path }, 'request failed');
    return c.json({ error: 'Something went wrong on the server. Please try again.' }, 500);
  });
  if (options.clientDir) app.route('/', spaRoutes(options.clientDir));
  return api;
}

export type AppType = ReturnType<typeof createApp>;

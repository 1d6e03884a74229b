import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { reserveAllowance, type Rule } from '#server/auth/sign-in-throttle';
import type { AppDeps, AppEnv } from '#server/http/app-env';
import { payloadTooLarge } from '#server/http/body-limit';
import { HONEYPOT_FIELD, PUBLIC_FORM_UNAVAILABLE, RESPONSE_MAX_BYTES } from '#shared/forms';
import type { PublicFormRefusal, PublicResponseAccepted, PublicResponseRefusal } from '#shared/public-forms';
import { formTokenParamSchema, publicResponseSchema } from '#shared/schemas/forms';
import { formOfPublicToken, readPublicForm, submitPublicResponse } from './public-service';

/** The ministry's name as Admin > Organization has it, asked of that feature through the wiring file. */
export type MinistryNameSource = (deps: AppDeps) => Promise<string>;

/**
 * How many responses one address, and one form, may send (issue 21 "Abuse"), counted in the
 * database with the sign-in counters so the limits hold across instances. Within 15 minutes:
 * an address gets 30 (a church hall on one network filling in a sign-up sheet), then one every
 * 20 seconds; a form gets 600, then one a second. Every POST counts, refused or not.
 */
export const PUBLIC_RESPONSE_RULES: { address: Rule; form: Rule } = {
  address: { freeFailures: 30, delaySeconds: 20 },
  form: { freeFailures: 600, delaySeconds: 1 },
};

/** The response limit plus room for the JSON around the answers and the honeypot. */
export const PUBLIC_RESPONSE_BODY_LIMIT = RESPONSE_MAX_BYTES + 8 * 1024;

const notFound: PublicFormRefusal = { reason: 'not_found', error: PUBLIC_FORM_UNAVAILABLE.not_found };

function tooMany(c: Context<AppEnv>, waitSeconds: number, who: 'address' | 'form') {
  c.header('Retry-After', String(waitSeconds));
  const error =
    who === 'address'
      ? `Too many responses have come from your network. Please wait ${waitSeconds} seconds and try again.`
      : `This form is receiving too many responses right now. Please wait ${waitSeconds} seconds and try again.`;
  return c.json({ error } satisfies PublicResponseRefusal, 429);
}

/**
 * /api/public/forms: the public form page's two calls, mounted before the session middleware
 * (no session; the token says which form, decision 0120). Answers are never cached.
 */
export function publicFormRoutes(ministryName: MinistryNameSource, rules = PUBLIC_RESPONSE_RULES) {
  return new Hono<AppEnv>()
    .get('/:token', async (c) => {
      c.header('Cache-Control', 'no-store');
      const token = formTokenParamSchema.safeParse(c.req.param());
      if (!token.success) return c.json(notFound, 404);
      const { deps } = c.var;
      const answer = await readPublicForm(deps.database.db, token.data.token, await ministryName(deps));
      if (answer.ok) return c.json({ form: answer.form }, 200);
      return c.json(
        { reason: answer.reason, error: answer.error } satisfies PublicFormRefusal,
        answer.reason === 'not_found' ? 404 : 410,
      );
    })
    .post(
      '/:token/responses',
      bodyLimit({
        maxSize: PUBLIC_RESPONSE_BODY_LIMIT,
        onError: (c) => payloadTooLarge(c, PUBLIC_RESPONSE_BODY_LIMIT),
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        const token = formTokenParamSchema.safeParse(c.req.param());
        if (!token.success) return c.json(notFound, 404);
        const { deps, clientIp } = c.var;
        const db = deps.database.db;

        const byAddress = await reserveAllowance(db, `form-address:${clientIp}`, rules.address);
        if (!byAddress.allowed) return tooMany(c, byAddress.waitSeconds, 'address');

        const raw: unknown = await c.req.json().catch(() => undefined);
        const body = publicResponseSchema.safeParse(raw);
        if (!body.success) {
          const error =
            raw === undefined ? 'The response could not be read. Please try again.' : body.error.issues[0]!.message;
          return c.json({ error } satisfies PublicResponseRefusal, 400);
        }

        const form = await formOfPublicToken(db, token.data.token);
        if (!form) return c.json(notFound, 404);
        const byForm = await reserveAllowance(db, `form:${form.id}`, rules.form);
        if (!byForm.allowed) return tooMany(c, byForm.waitSeconds, 'form');

        // The honeypot (decision 0120): only a bot fills in the hidden box. It is told what a
        // person is told, so it learns nothing to adapt to, and nothing is stored or recorded.
        if (body.data[HONEYPOT_FIELD]?.trim()) {
          return c.json({ thankYouMessage: form.thankYouMessage } satisfies PublicResponseAccepted, 201);
        }

        const outcome = await submitPublicResponse(deps, token.data.token, body.data.answers, clientIp);
        if (outcome.ok)
          return c.json({ thankYouMessage: outcome.thankYouMessage } satisfies PublicResponseAccepted, 201);
        const { status, error, reason, fieldErrors } = outcome;
        return c.json(
          {
            error,
            ...(reason ? { reason } : {}),
            ...(fieldErrors ? { fieldErrors } : {}),
          } satisfies PublicResponseRefusal,
          status,
        );
      },
    );
}

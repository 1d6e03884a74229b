import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../http/app-env';
import { session } from '../db/schema';
import { ACCOUNT_DEACTIVATED } from '#shared/schemas/accounts';
import { isDeactivated, rememberSignIn } from './account-status';
import { recordSignIn } from './sign-in-audit';

/** A request body as JSON, or null when it is absent or not JSON (the schema then says what is missing). */
export function parseJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * better-auth also puts the session token in the sign-in JSON. The token belongs only in the
 * httpOnly cookie, where page scripts cannot read it, so the body keeps just the user.
 */
export async function withoutSessionToken(response: Response) {
  const body = (await response.json()) as { user?: { id: string; email: string; name: string } };
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  const user = body.user ? { id: body.user.id, email: body.user.email, name: body.user.name } : null;
  return { user, response: new Response(JSON.stringify({ user }), { status: response.status, headers }) };
}

/**
 * The last step of every sign-in (a password alone, or a password and a second factor), once
 * better-auth created the session: a deactivated account's session is ended at once and only
 * its owner, who proved who they are, learns why; any other success is logged and remembered.
 */
export async function completeSignIn(
  c: Context<AppEnv>,
  signedIn: Awaited<ReturnType<typeof withoutSessionToken>>,
  audited: { email: string; clientIp: string; method?: 'authenticator' | 'recovery_code' },
): Promise<Response> {
  const { db } = c.var.deps.database;
  if (!signedIn.user) return signedIn.response;
  if (await isDeactivated(db, signedIn.user.id)) {
    await db.delete(session).where(eq(session.userId, signedIn.user.id));
    await recordSignIn(db, 'refused_deactivated', { ...audited, userId: signedIn.user.id });
    return c.json({ message: ACCOUNT_DEACTIVATED }, 403);
  }
  await recordSignIn(db, 'succeeded', { ...audited, userId: signedIn.user.id });
  await rememberSignIn(db, signedIn.user.id);
  return signedIn.response;
}

import { hc } from 'hono/client';
import type { AppType } from '#server/app';

/** Typed client for the portal's own API routes (types only cross the boundary). */
export const api = hc<AppType>(window.location.origin, { init: { credentials: 'same-origin' } });

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's machine-readable reason, when it gave one (e.g. ACCOUNT_SETUP_REQUIRED). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Turns a non-2xx response into an ApiError carrying the server's readable message. */
export async function ensureOk(response: Response): Promise<Response> {
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as { error?: string; message?: string; code?: string } | null;
  const message = body?.error ?? body?.message ?? `The server answered ${response.status}. Please try again.`;
  throw new ApiError(message, response.status, body?.code);
}

/** JSON POST for endpoints outside the typed client (better-auth's). */
export async function postJson(path: string, body: unknown = {}): Promise<Response> {
  return ensureOk(
    await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

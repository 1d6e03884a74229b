import { hc } from 'hono/client';
import type { AppType } from '#server/app';

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

/**
 * fetch, with a lost connection said in words (issue 27 item 5): the browser's own "Failed to
 * fetch" becomes an ApiError (status 0) that says the connection was lost and, for a change,
 * that nothing was saved. An aborted request (a query no longer needed) stays an abort.
 */
export const portalFetch: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (err) {
    if (err instanceof TypeError) {
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const reading = method === 'GET' || method === 'HEAD';
      throw new ApiError(
        reading
          ? 'The connection to the portal was lost. Check your connection and try again.'
          : 'The connection to the portal was lost, so nothing was saved. Check your connection and try again.',
        0,
        'CONNECTION_LOST',
      );
    }
    throw err;
  }
};

/** Typed client for the portal's own API routes (types only cross the boundary). */
export const api = hc<AppType>(window.location.origin, { init: { credentials: 'same-origin' }, fetch: portalFetch });

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
    await portalFetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

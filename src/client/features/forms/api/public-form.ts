import { portalFetch } from '@/lib/api';
import type { PublicFormUnavailable } from '#shared/forms';
import type { PublicFormView, PublicResponseRefusal } from '#shared/public-forms';

/**
 * The public form page's two calls (issue 21). They need no session and sit outside the typed
 * client (mounted before the session middleware), so plain fetch, with the server's refusal kept
 * whole: its reason, its message and its per-field errors.
 */

export type PublicFormLoad =
  { kind: 'form'; form: PublicFormView } | { kind: 'unavailable'; reason: PublicFormUnavailable; message: string };

export async function loadPublicForm(token: string): Promise<PublicFormLoad> {
  const response = await portalFetch(`/api/public/forms/${encodeURIComponent(token)}`, { credentials: 'omit' });
  const body = (await response.json().catch(() => null)) as {
    form?: PublicFormView;
    reason?: PublicFormUnavailable;
    error?: string;
  } | null;
  if (response.ok && body?.form) return { kind: 'form', form: body.form };
  if (body?.reason && body.error) return { kind: 'unavailable', reason: body.reason, message: body.error };
  throw new Error(body?.error ?? 'The form could not be loaded. Please try again.');
}

export type SubmitResult =
  { kind: 'accepted'; thankYouMessage: string } | { kind: 'refused'; status: number; refusal: PublicResponseRefusal };

export async function submitPublicResponse(
  token: string,
  answers: Record<string, unknown>,
  honeypot: string,
): Promise<SubmitResult> {
  const response = await portalFetch(`/api/public/forms/${encodeURIComponent(token)}/responses`, {
    method: 'POST',
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answers, ...(honeypot ? { website: honeypot } : {}) }),
  });
  const body = (await response.json().catch(() => null)) as
    (PublicResponseRefusal & { thankYouMessage?: string }) | null;
  if (response.ok) return { kind: 'accepted', thankYouMessage: body?.thankYouMessage ?? '' };
  return {
    kind: 'refused',
    status: response.status,
    refusal: body?.error
      ? body
      : { error: `The response could not be sent (the server answered ${response.status}). Please try again.` },
  };
}

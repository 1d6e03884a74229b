import { ApiError } from './api';
import { holdWhileSending } from './unsaved-changes';

/** Code of the ApiError an upload stopped by its Cancel button rejects with. */
export const UPLOAD_CANCELLED = 'UPLOAD_CANCELLED';

/** Whether an upload ended because the person pressed Cancel (not a failure to report). */
export function isUploadCancelled(err: unknown): boolean {
  return err instanceof ApiError && err.code === UPLOAD_CANCELLED;
}

/**
 * Sends a multipart form (files included) and reports upload progress, which fetch cannot.
 * Same-origin, so the session cookie goes along; the origin guard sees the page's Origin.
 * Resolves with the JSON answer, or rejects with an ApiError carrying the server's message.
 * While it is sending, closing the tab asks first (decision 0157). `signal` aborts it (an
 * upload's Cancel button): it then rejects with code UPLOAD_CANCELLED.
 */
export function sendMultipart<T>(
  url: string,
  method: 'POST' | 'PUT',
  body: FormData,
  onProgress?: (sentBytes: number, totalBytes: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  const release = holdWhileSending();
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError('The upload was cancelled.', 0, UPLOAD_CANCELLED));
      return;
    }
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open(method, url);
    xhr.responseType = 'json';
    xhr.setRequestHeader('accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
    }
    xhr.onload = () => {
      const answer = xhr.response as (T & { error?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as T);
      else reject(new ApiError(answer?.error ?? `The server answered ${xhr.status}. Please try again.`, xhr.status));
    };
    xhr.onerror = () => reject(new ApiError('The upload could not reach the server. Please try again.', 0));
    xhr.onabort = () => reject(new ApiError('The upload was cancelled.', 0, UPLOAD_CANCELLED));
    xhr.send(body);
  }).finally(release);
}

/** Whether a stored file can be fetched, and if not, the server's reason (for 'Failed to load file: {reason}'). */
export async function checkAvailable(url: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'HEAD', credentials: 'same-origin' });
  } catch {
    throw new ApiError('the server could not be reached', 0);
  }
  if (response.ok) return;
  const reasons: Record<number, string> = {
    401: 'you are signed out',
    403: 'you do not have permission to open it',
    404: 'it no longer exists',
  };
  throw new ApiError(reasons[response.status] ?? `the server answered ${response.status}`, response.status);
}

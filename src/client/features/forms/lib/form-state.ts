import type { SavedForm } from '../api/get-forms';

/** Open, or closed with the reason: by its creator, by its closing date, or by its limit. */
export function formState(form: SavedForm, now = Date.now()): { open: boolean; label: string } {
  if (form.status === 'closed') return { open: false, label: 'Closed' };
  if (form.closesAt && Date.parse(form.closesAt) <= now) return { open: false, label: 'Closed (closing date passed)' };
  if (form.responseLimit !== null && form.responseCount >= form.responseLimit)
    return { open: false, label: 'Closed (limit reached)' };
  return { open: true, label: 'Open' };
}

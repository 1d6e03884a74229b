import { format } from 'date-fns';
import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { numberBoxText, numberBoxValue } from '@/lib/number-box';
import { DEFAULT_THANK_YOU, FORM_LIMITS } from '#shared/forms';

/** What the editor holds of a form's settings, as the inputs show them (text). */
export interface SettingsDraft {
  /** `yyyy-MM-ddTHH:mm` in the person's own time, or '' for no closing date. */
  closesAt: string;
  responseLimit: string;
  thankYouMessage: string;
}

export const settingsDraftOf = (form: {
  closesAt: string | null;
  responseLimit: number | null;
  thankYouMessage: string | null;
}): SettingsDraft => ({
  closesAt: form.closesAt ? format(new Date(form.closesAt), "yyyy-MM-dd'T'HH:mm") : '',
  responseLimit: form.responseLimit === null ? '' : String(form.responseLimit),
  thankYouMessage: form.thankYouMessage ?? '',
});

/**
 * The settings as the server takes them. A limit that is not a whole number (or not a number at
 * all, `NOT_A_NUMBER`) is passed on as written, so the schema's own message names the problem.
 */
export function settingsValues(draft: SettingsDraft) {
  const limit = draft.responseLimit.trim();
  const closes = draft.closesAt ? new Date(draft.closesAt) : null;
  return {
    closesAt: closes ? (Number.isNaN(closes.getTime()) ? draft.closesAt : closes.toISOString()) : null,
    responseLimit: limit === '' ? null : Number.isFinite(Number(limit)) ? Number(limit) : limit,
    thankYouMessage: draft.thankYouMessage.trim() || null,
  };
}

/**
 * Closing date, response limit and thank-you message of a saved form. A limit the form has
 * already reached, or a closing date already past, is allowed (closing a form that way is a
 * choice) but said under its box: it was saved with a plain "Form saved", and the form closed.
 */
export function FormSettings({
  draft,
  responseCount,
  onChange,
}: {
  draft: SettingsDraft;
  responseCount: number;
  onChange: (draft: SettingsDraft) => void;
}) {
  const id = useId();
  const [openedAt] = useState(() => Date.now());
  const closes = draft.closesAt ? new Date(draft.closesAt).getTime() : Number.NaN;
  const datePassed = Number.isFinite(closes) && closes <= openedAt;
  const limit = Number(draft.responseLimit.trim());
  const limitReached =
    draft.responseLimit.trim() !== '' && Number.isInteger(limit) && limit >= 1 && limit <= responseCount;
  return (
    <fieldset className="space-y-4 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">Responses</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-closes`}>Closing date (optional)</Label>
          <Input
            id={`${id}-closes`}
            type="datetime-local"
            value={draft.closesAt}
            aria-describedby={datePassed ? `${id}-closes-note` : undefined}
            onChange={(e) => onChange({ ...draft, closesAt: e.target.value })}
          />
          {datePassed && (
            <p id={`${id}-closes-note`} className="text-sm text-amber-700">
              This date has passed: the form takes no more answers once saved.
            </p>
          )}
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-limit`}>Response limit (optional)</Label>
          <Input
            id={`${id}-limit`}
            type="number"
            inputMode="numeric"
            min={1}
            max={FORM_LIMITS.responseLimit}
            step={1}
            value={numberBoxValue(draft.responseLimit)}
            aria-describedby={limitReached ? `${id}-limit-note` : undefined}
            onChange={(e) => onChange({ ...draft, responseLimit: numberBoxText(e.target) })}
          />
          {limitReached && (
            <p id={`${id}-limit-note`} className="text-sm text-amber-700">
              The form already has {responseCount} {responseCount === 1 ? 'response' : 'responses'}: it takes no more
              answers once saved.
            </p>
          )}
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-thanks`}>Thank-you message</Label>
        <Textarea
          id={`${id}-thanks`}
          value={draft.thankYouMessage}
          maxLength={FORM_LIMITS.thankYouMessage}
          placeholder={DEFAULT_THANK_YOU}
          onChange={(e) => onChange({ ...draft, thankYouMessage: e.target.value })}
        />
      </div>
    </fieldset>
  );
}

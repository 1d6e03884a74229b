import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { numberBoxText, numberBoxValue } from '@/lib/number-box';
import { cn } from '@/lib/utils';
import { numberHint } from '#shared/form-answers';
import { ANSWER_MAX_LENGTH, type FormFieldType } from '#shared/forms';
import { EARLIEST_YEAR, LATEST_YEAR } from '#shared/limits';

/** A field as the answer input needs it: the builder's preview and the public page both have these. */
export interface AnswerFieldShape {
  id: string;
  label: string;
  type: FormFieldType;
  required?: boolean;
  options?: string[];
  /** A number field's limits (decision 0164). */
  min?: number;
  max?: number;
  wholeNumber?: boolean;
}

/** What the input holds: text for every type but multiple choice, which holds the ticked options. */
export type AnswerDraft = string | string[];

export const emptyDraft = (type: FormFieldType): AnswerDraft => (type === 'multiple_choice' ? [] : '');

const INPUT_TYPES: Record<Exclude<FormFieldType, 'textarea' | 'single_choice' | 'multiple_choice'>, string> = {
  text: 'text',
  email: 'email',
  phone: 'tel',
  number: 'number',
  date: 'date',
};

const AUTOCOMPLETE: Partial<Record<FormFieldType, string>> = { email: 'email', phone: 'tel' };

function RequiredMark({ required }: { required: boolean }) {
  if (!required) return <span className="font-normal text-muted-foreground"> (optional)</span>;
  return (
    <span className="text-destructive" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/**
 * One field's input, drawn by its type (issue 21): a text box, a long text box, a number, a
 * date, radio buttons for a single choice and checkboxes for a multiple choice, each with its
 * label, a required mark, and its error next to it (announced through aria-describedby). Labels
 * and options are text, never HTML. `onLeave` fires when the focus leaves the whole field.
 */
export function AnswerField({
  field,
  inputId,
  value,
  error,
  onChange,
  onLeave,
  fallbackLabel,
}: {
  field: AnswerFieldShape;
  /** Unique on the page: the input's id (and the prefix of the options' ids). */
  inputId: string;
  value: AnswerDraft;
  error?: string | null;
  onChange: (value: AnswerDraft) => void;
  onLeave?: () => void;
  /** Shown while the builder's label is still empty. */
  fallbackLabel?: string;
}) {
  const required = field.required ?? true;
  const label = field.label.trim() || fallbackLabel || 'Untitled field';
  const errorId = `${inputId}-error`;
  const describedBy = error ? errorId : undefined;
  const errorText = error ? (
    <p id={errorId} className="text-sm text-destructive">
      {error}
    </p>
  ) : null;

  if (field.type === 'single_choice' || field.type === 'multiple_choice') {
    const multiple = field.type === 'multiple_choice';
    const picked = Array.isArray(value) ? value : value ? [value] : [];
    const options = field.options ?? [];
    return (
      <fieldset
        className="space-y-2"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onBlur={(event) => {
          // Leaving one option for the next is not leaving the field.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave?.();
        }}
      >
        <legend className="mb-2 text-sm leading-none font-medium break-words">
          {label}
          <RequiredMark required={required} />
          {multiple && <span className="sr-only"> (choose any)</span>}
        </legend>
        {options.length === 0 && <p className="text-sm text-muted-foreground">Options you add appear here.</p>}
        {options.map((option, index) => {
          const optionId = `${inputId}-${index}`;
          return (
            <div key={`${index}-${option}`} className="flex items-center gap-2">
              <input
                id={optionId}
                type={multiple ? 'checkbox' : 'radio'}
                name={inputId}
                value={option}
                checked={picked.includes(option)}
                required={!multiple && required}
                className="size-4 shrink-0 accent-primary"
                onChange={(event) => {
                  if (!multiple) onChange(option);
                  else
                    onChange(event.target.checked ? [...picked, option] : picked.filter((chosen) => chosen !== option));
                }}
              />
              <Label htmlFor={optionId} className="font-normal break-words">
                {option}
              </Label>
            </div>
          );
        })}
        {errorText}
      </fieldset>
    );
  }

  const text = typeof value === 'string' ? value : '';
  // A number field with limits says them before anyone gets them wrong.
  const hint = field.type === 'number' ? numberHint(field) : null;
  const hintId = `${inputId}-hint`;
  // A text answer says how long it may be once it is close: the box stops taking characters at
  // its limit, and a long answer pasted in was cut without a word.
  const max = field.type === 'text' || field.type === 'textarea' ? ANSWER_MAX_LENGTH[field.type] : null;
  const counted = max !== null && text.length >= max * 0.8;
  const countId = `${inputId}-count`;
  const common = {
    id: inputId,
    value: field.type === 'number' ? numberBoxValue(text) : text,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hint && hintId, counted && countId, describedBy].filter(Boolean).join(' ') || undefined,
    onBlur: () => onLeave?.(),
  };
  // A phone's numeric keypad has no minus sign: it is offered only where no answer is negative.
  const wholeAndNotNegative = field.wholeNumber && field.min !== undefined && field.min >= 0;
  return (
    <div className="space-y-2">
      <Label htmlFor={inputId} className="break-words">
        {label}
        <RequiredMark required={required} />
      </Label>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {field.type === 'textarea' ? (
        <Textarea
          {...common}
          rows={4}
          maxLength={ANSWER_MAX_LENGTH.textarea}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <Input
          {...common}
          type={INPUT_TYPES[field.type]}
          autoComplete={AUTOCOMPLETE[field.type]}
          inputMode={field.type === 'number' ? (wholeAndNotNegative ? 'numeric' : 'decimal') : undefined}
          step={field.type === 'number' ? (field.wholeNumber ? 1 : 'any') : undefined}
          // A date's picker keeps to the years the answer's check takes (shared/limits.ts).
          min={field.type === 'number' ? field.min : field.type === 'date' ? `${EARLIEST_YEAR}-01-01` : undefined}
          max={field.type === 'number' ? field.max : field.type === 'date' ? `${LATEST_YEAR}-12-31` : undefined}
          maxLength={field.type in ANSWER_MAX_LENGTH ? ANSWER_MAX_LENGTH[field.type as 'text'] : undefined}
          className={cn(field.type === 'date' && 'w-auto')}
          // A number box's "1e" reaches the check as not a number, not as no answer.
          onChange={(event) => onChange(field.type === 'number' ? numberBoxText(event.target) : event.target.value)}
        />
      )}
      {counted && max !== null && (
        <p id={countId} className={cn('text-sm', text.length >= max ? 'text-amber-700' : 'text-muted-foreground')}>
          {text.length >= max
            ? `${max} of ${max} characters: the answer can be no longer, and anything beyond was not kept.`
            : `${text.length} of ${max} characters`}
        </p>
      )}
      {errorText}
    </div>
  );
}

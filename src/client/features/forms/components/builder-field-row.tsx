import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { NOT_A_NUMBER, numberBoxValue } from '@/lib/number-box';
import { isChoiceType } from '#shared/forms';
import {
  FORM_FIELD_LABEL_MAX,
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  type FormFieldType,
} from '#shared/schemas/forms';
import { NumberLimitsEditor, type NumberLimitsDraft } from './number-limits-editor';
import { OptionsEditor } from './options-editor';

/** A field as the builder holds it: options and number limits kept while the type is switched back and forth. */
export interface BuilderField extends NumberLimitsDraft {
  id: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  options: string[];
}

/** A field's number limits while none is set: every new field's, and a saved field's without them. */
export const NO_NUMBER_LIMITS: NumberLimitsDraft = { min: '', max: '', wholeNumber: false };

/** A typed limit as a number: none when the box is empty; NaN for `NOT_A_NUMBER`, which the schema refuses. */
const limitOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The field as the server takes it: options only on the choice types, limits only on a number. */
export const fieldValues = ({ options, min, max, wholeNumber, ...field }: BuilderField) => {
  if (isChoiceType(field.type)) return { ...field, options };
  if (field.type !== 'number') return field;
  const [low, high] = [limitOf(min), limitOf(max)];
  return {
    ...field,
    ...(low === undefined ? {} : { min: low }),
    ...(high === undefined ? {} : { max: high }),
    ...(wholeNumber ? { wholeNumber } : {}),
  };
};

/** The field as the preview shows it while it is typed: a limit that is not yet a number is left out. */
export const previewValues = (field: BuilderField) =>
  fieldValues({ ...field, min: numberBoxValue(field.min), max: numberBoxValue(field.max) });

/**
 * The message for the first number field whose minimum or maximum box holds text that is not a
 * number ("1e"), naming the field; null when there is none. Checked before saving, because the
 * schema's own message cannot say which field it is.
 */
export function unreadableLimit(fields: BuilderField[]): string | null {
  for (const field of fields) {
    if (field.type !== 'number') continue;
    if (field.min === NOT_A_NUMBER) return `The minimum of ${field.label} is not a number`;
    if (field.max === NOT_A_NUMBER) return `The maximum of ${field.label} is not a number`;
  }
  return null;
}

/** One field of the builder: label, type, required switch, its options, and move/remove buttons. */
export function BuilderFieldRow({
  field,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  field: BuilderField;
  index: number;
  count: number;
  onChange: (change: Partial<BuilderField>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const name = field.label.trim() || `field ${index + 1}`;
  return (
    // The label has a line of its own: beside the type, the switch and three buttons it was left
    // about a fifth of the row, too narrow to read what was typed (issue 27 item 8).
    <li className="flex flex-wrap items-center gap-2 rounded-lg border p-2" data-testid="builder-field">
      <span className="w-6 text-center text-sm font-medium text-muted-foreground" aria-hidden="true">
        {index + 1}
      </span>
      <Input
        className="min-w-0 flex-1 basis-[calc(100%-2.5rem)]"
        aria-label={`Field ${index + 1} label`}
        value={field.label}
        maxLength={FORM_FIELD_LABEL_MAX}
        required
        onChange={(e) => onChange({ label: e.target.value })}
      />
      <NativeSelect
        className="ml-8 w-40"
        aria-label={`Field ${index + 1} type`}
        value={field.type}
        onChange={(e) => onChange({ type: e.target.value as FormFieldType })}
      >
        {FORM_FIELD_TYPES.map((type) => (
          <option key={type} value={type}>
            {FORM_FIELD_TYPE_LABELS[type]}
          </option>
        ))}
      </NativeSelect>
      <div className="flex items-center gap-2">
        <Switch
          id={`${id}-required`}
          checked={field.required}
          aria-label={`${name} required`}
          onCheckedChange={(required) => onChange({ required })}
        />
        <Label htmlFor={`${id}-required`} className="text-xs">
          Required
        </Label>
      </div>
      <div className="ml-auto flex gap-1">
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Move ${name} up`}
          data-field-id={field.id}
          data-action="up"
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Move ${name} down`}
          data-field-id={field.id}
          data-action="down"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Remove ${name}`}
          data-field-id={field.id}
          data-action="remove"
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {isChoiceType(field.type) && (
        <OptionsEditor fieldName={name} options={field.options} onChange={(options) => onChange({ options })} />
      )}
      {field.type === 'number' && <NumberLimitsEditor fieldName={name} limits={field} onChange={onChange} />}
    </li>
  );
}

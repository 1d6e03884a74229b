import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useMe } from '@/features/auth/api/get-me';
import { ApiError } from '@/lib/api';
import { moveItem } from '@/lib/move-item';
import {
  createFormSchema,
  fieldLabelSchema,
  FORM_DESCRIPTION_MAX,
  FORM_FIELD_LABEL_MAX,
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  FORM_FIELDS_MAX,
  FORM_TITLE_MAX,
  type FormFieldType,
} from '#shared/schemas/forms';
import { useCreateForm } from '../api/create-form';
import { FormPreview, type PreviewField } from './form-preview';

const LOGGED_OUT = 'You must be logged in to create forms';

// Field ids only need to be unique within one form; crypto.randomUUID is missing on plain
// http (a portal reached by its LAN address), so a counter plus a random suffix it is.
let fieldCounter = 0;
const newFieldId = () =>
  `field-${Date.now().toString(36)}-${(fieldCounter++).toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

type FocusTarget = { fieldId: string; action: 'up' | 'down' | 'remove' } | { fieldId: null; action: 'new-label' };

/** Create Form: title, description and fields, with a live preview beside it. */
export function FormBuilder() {
  const id = useId();
  const { data: me } = useMe();
  const createForm = useCreateForm();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [fields, setFields] = useState<PreviewField[]>([]);
  const [newLabel, setNewLabel] = useState('');
  const [newType, setNewType] = useState<FormFieldType>('text');
  const listRef = useRef<HTMLOListElement>(null);
  const newLabelRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useRef<FocusTarget | null>(null);

  // Keyboard users keep their place: after a move the same button (or, at an end, its twin)
  // has focus; after a removal the next field's remove button, or the new-field input.
  useEffect(() => {
    const target = focusAfterRender.current;
    focusAfterRender.current = null;
    if (!target) return;
    if (target.fieldId === null) return newLabelRef.current?.focus();
    const button = (action: string) =>
      listRef.current?.querySelector<HTMLButtonElement>(`[data-field-id="${target.fieldId}"][data-action="${action}"]`);
    const preferred = button(target.action);
    const twin = button(target.action === 'up' ? 'down' : 'up');
    (preferred && !preferred.disabled ? preferred : twin)?.focus();
  }, [fields]);

  const addField = () => {
    const label = fieldLabelSchema.safeParse(newLabel);
    if (!label.success) {
      toast.error(label.error.issues[0]!.message);
      newLabelRef.current?.focus();
      return;
    }
    if (fields.length >= FORM_FIELDS_MAX) {
      toast.error(`A form can have at most ${FORM_FIELDS_MAX} fields`);
      return;
    }
    setFields((current) => [...current, { id: newFieldId(), label: label.data, type: newType }]);
    setNewLabel('');
    newLabelRef.current?.focus();
  };

  const onNewLabelKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the field rather than submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      addField();
    }
  };

  const updateField = (fieldId: string, change: Partial<PreviewField>) =>
    setFields((current) => current.map((f) => (f.id === fieldId ? { ...f, ...change } : f)));

  const move = (index: number, delta: -1 | 1) => {
    focusAfterRender.current = { fieldId: fields[index]!.id, action: delta < 0 ? 'up' : 'down' };
    setFields((current) => moveItem(current, index, index + delta));
  };

  const remove = (index: number) => {
    const next = fields[index + 1] ?? fields[index - 1];
    focusAfterRender.current = next ? { fieldId: next.id, action: 'remove' } : { fieldId: null, action: 'new-label' };
    setFields((current) => current.filter((_, i) => i !== index));
  };

  const reset = () => {
    setTitle('');
    setDescription('');
    setFields([]);
    setNewLabel('');
    setNewType('text');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createFormSchema.safeParse({
      title,
      description,
      fields: fields.map((f) => ({ ...f, required: true })),
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]!.message);
      return;
    }
    if (!me) {
      toast.error(LOGGED_OUT);
      return;
    }
    try {
      await createForm.mutateAsync(parsed.data);
      toast.success('Form created successfully!');
      reset();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toast.error(LOGGED_OUT);
      else toast.error(`Failed to create form: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  const nameOf = (field: PreviewField, index: number) => field.label.trim() || `field ${index + 1}`;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Create Form</CardTitle>
          <CardDescription>Every field you add is required.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="space-y-6" onSubmit={submit} noValidate aria-label="Create Form">
            <div className="space-y-2">
              <Label htmlFor={`${id}-title`}>Form Title</Label>
              <Input
                id={`${id}-title`}
                value={title}
                maxLength={FORM_TITLE_MAX}
                required
                onChange={(e) => setTitle(e.target.value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${id}-description`}>Description</Label>
              <Textarea
                id={`${id}-description`}
                value={description}
                maxLength={FORM_DESCRIPTION_MAX}
                onChange={(e) => setDescription(e.target.value)}
              />
            </div>

            <fieldset className="space-y-3">
              <legend className="mb-2 text-sm font-medium">Fields</legend>
              {fields.length === 0 ? (
                <p className="text-sm text-muted-foreground">No fields yet. Add the first one below.</p>
              ) : (
                <ol ref={listRef} className="space-y-2" aria-label="Form fields">
                  {fields.map((field, index) => (
                    <li
                      key={field.id}
                      className="flex flex-wrap items-center gap-2 rounded-lg border p-2"
                      data-testid="builder-field"
                    >
                      <span className="w-6 text-center text-sm font-medium text-muted-foreground" aria-hidden="true">
                        {index + 1}
                      </span>
                      <Input
                        className="min-w-32 flex-1"
                        aria-label={`Field ${index + 1} label`}
                        value={field.label}
                        maxLength={FORM_FIELD_LABEL_MAX}
                        required
                        onChange={(e) => updateField(field.id, { label: e.target.value })}
                      />
                      <NativeSelect
                        className="w-32"
                        aria-label={`Field ${index + 1} type`}
                        value={field.type}
                        onChange={(e) => updateField(field.id, { type: e.target.value as FormFieldType })}
                      >
                        {FORM_FIELD_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {FORM_FIELD_TYPE_LABELS[type]}
                          </option>
                        ))}
                      </NativeSelect>
                      <div className="flex gap-1">
                        <Button
                          type="button"
                          variant="outline"
                          size="icon"
                          aria-label={`Move ${nameOf(field, index)} up`}
                          data-field-id={field.id}
                          data-action="up"
                          disabled={index === 0}
                          onClick={() => move(index, -1)}
                        >
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button
                          type="button"
                          variant="outline"
                          size="icon"
                          aria-label={`Move ${nameOf(field, index)} down`}
                          data-field-id={field.id}
                          data-action="down"
                          disabled={index === fields.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          <ArrowDown aria-hidden="true" />
                        </Button>
                        <Button
                          type="button"
                          variant="outline"
                          size="icon"
                          aria-label={`Remove ${nameOf(field, index)}`}
                          data-field-id={field.id}
                          data-action="remove"
                          onClick={() => remove(index)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </li>
                  ))}
                </ol>
              )}

              <div className="grid gap-2 rounded-lg bg-muted/50 p-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
                <div className="space-y-2">
                  <Label htmlFor={`${id}-new-label`}>Field Label</Label>
                  <Input
                    id={`${id}-new-label`}
                    ref={newLabelRef}
                    value={newLabel}
                    maxLength={FORM_FIELD_LABEL_MAX}
                    placeholder="e.g. Full name"
                    onChange={(e) => setNewLabel(e.target.value)}
                    onKeyDown={onNewLabelKeyDown}
                  />
                </div>
                <div className="space-y-2">
                  <Label htmlFor={`${id}-new-type`}>Field Type</Label>
                  <NativeSelect
                    id={`${id}-new-type`}
                    value={newType}
                    onChange={(e) => setNewType(e.target.value as FormFieldType)}
                  >
                    {FORM_FIELD_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {FORM_FIELD_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <Button type="button" variant="secondary" onClick={addField}>
                  <Plus aria-hidden="true" />
                  Add Field
                </Button>
              </div>
            </fieldset>

            <Button type="submit" className="w-full" disabled={createForm.isPending}>
              {createForm.isPending ? 'Creating...' : 'Create Form'}
            </Button>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Preview</CardTitle>
          <CardDescription>How partners will see the form.</CardDescription>
        </CardHeader>
        <CardContent data-testid="form-preview">
          <FormPreview title={title} description={description} fields={fields} />
        </CardContent>
      </Card>
    </div>
  );
}

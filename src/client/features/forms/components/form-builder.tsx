import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { actionToasts } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useMe } from '@/features/auth/api/get-me';
import { ApiError } from '@/lib/api';
import { moveItem } from '@/lib/move-item';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import {
  createFormSchema,
  fieldLabelSchema,
  FORM_DESCRIPTION_MAX,
  FORM_FIELD_LABEL_MAX,
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  FORM_FIELDS_MAX,
  FORM_TITLE_MAX,
  updateFormSchema,
  type FormFieldType,
} from '#shared/schemas/forms';
import { useCreateForm } from '../api/create-form';
import type { SavedForm } from '../api/get-forms';
import { useUpdateForm } from '../api/update-form';
import {
  BuilderFieldRow,
  fieldValues,
  NO_NUMBER_LIMITS,
  previewValues,
  unreadableLimit,
  type BuilderField,
} from './builder-field-row';
import { FormPreview } from './form-preview';
import { FormSettings, settingsDraftOf, settingsValues, type SettingsDraft } from './form-settings';

// One action's toasts: a save that works closes the error of the try before (lib/toast.ts).
const toast = actionToasts('form-builder');

const LOGGED_OUT = 'You must be logged in to create forms';

// Field ids only need to be unique within one form; crypto.randomUUID is missing on plain
// http (a portal reached by its LAN address), so a counter plus a random suffix it is.
let fieldCounter = 0;
const newFieldId = () =>
  `field-${Date.now().toString(36)}-${(fieldCounter++).toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** The builder's content in one comparable string. */
const contentOf = (title: string, description: string, fields: BuilderField[], settings: SettingsDraft | null) =>
  JSON.stringify([title, description, fields, settings]);

type FocusTarget = { fieldId: string; action: 'up' | 'down' | 'remove' } | { fieldId: null; action: 'new-label' };

const builderFields = (form: SavedForm | null): BuilderField[] =>
  (form?.fields ?? []).map(({ options, min, max, wholeNumber, ...f }) => ({
    ...f,
    options: options ?? [],
    min: min === undefined ? '' : String(min),
    max: max === undefined ? '' : String(max),
    wholeNumber: wholeNumber ?? false,
  }));

/**
 * Create Form, or Edit Form for a saved one (`editing`): title, description and fields (add,
 * remove, reorder, relabel, retype, required, options), with a live preview beside it. Editing
 * also sets the closing date, response limit and thank-you message, and saves at the version
 * it loaded: someone else's save in between is said plainly (409), not overwritten.
 */
export function FormBuilder({
  editing = null,
  onDone,
  onUnsavedChange,
}: {
  editing?: SavedForm | null;
  onDone?: () => void;
  /** Told whether the builder holds changes not saved (the forms page asks before dropping them). */
  onUnsavedChange?: (unsaved: boolean) => void;
}) {
  const id = useId();
  const { data: me } = useMe();
  const createForm = useCreateForm();
  const updateForm = useUpdateForm();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [fields, setFields] = useState<BuilderField[]>(() => builderFields(editing));
  const [settings, setSettings] = useState<SettingsDraft | null>(editing ? settingsDraftOf(editing) : null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [newLabel, setNewLabel] = useState('');
  const [newType, setNewType] = useState<FormFieldType>('text');
  const listRef = useRef<HTMLOListElement>(null);
  const newLabelRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const focusAfterRender = useRef<FocusTarget | null>(null);
  const saving = createForm.isPending || updateForm.isPending;
  // What was loaded, to tell a change from a look: a field added and removed again is no change.
  const [loaded] = useState(() =>
    contentOf(editing?.title ?? '', editing?.description ?? '', builderFields(editing), settings),
  );
  const unsaved = newLabel.trim() !== '' || contentOf(title, description, fields, settings) !== loaded;
  useUnsavedChanges(unsaved);
  useEffect(() => onUnsavedChange?.(unsaved), [onUnsavedChange, unsaved]);
  const formName = editing ? 'Edit Form' : 'Create Form';

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
    // New fields start required (SPEC section 3); the switch makes one optional.
    setFields((current) => [
      ...current,
      { id: newFieldId(), label: label.data, type: newType, required: true, options: [], ...NO_NUMBER_LIMITS },
    ]);
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

  const updateField = (fieldId: string, change: Partial<BuilderField>) =>
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

  const saveEdit = async (form: SavedForm, draft: SettingsDraft) => {
    const unreadable = unreadableLimit(fields);
    if (unreadable) return void toast.error(unreadable);
    const parsed = updateFormSchema.safeParse({
      version: form.version,
      status: form.status,
      title,
      description,
      fields: fields.map(fieldValues),
      ...settingsValues(draft),
    });
    if (!parsed.success) return void toast.error(parsed.error.issues[0]!.message);
    try {
      await updateForm.mutateAsync({ id: form.id, values: parsed.data });
      toast.success('Form saved', { description: parsed.data.title });
      onDone?.();
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) setConflict(err.message);
      else toast.error(`Failed to save form: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (editing && settings) return saveEdit(editing, settings);
    const unreadable = unreadableLimit(fields);
    if (unreadable) return void toast.error(unreadable);
    const parsed = createFormSchema.safeParse({ title, description, fields: fields.map(fieldValues) });
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
      // The builder is empty again: the focus goes to its title, for the next form.
      titleRef.current?.focus();
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toast.error(LOGGED_OUT);
      else toast.error(`Failed to create form: ${err instanceof Error ? err.message : String(err)}`);
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">{formName}</CardTitle>
          <CardDescription>
            {editing
              ? 'Answers already given keep the question they answered, even if you change or remove it.'
              : 'New fields start required; switch one off to make it optional.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="space-y-6" onSubmit={submit} noValidate aria-label={formName}>
            {conflict && (
              <div role="alert" className="rounded-lg border border-destructive bg-destructive/10 p-3 text-sm">
                <p className="font-medium">{conflict}</p>
                <p>Close the editor and open the form again; your changes here are not saved.</p>
              </div>
            )}
            <div className="space-y-2">
              <Label htmlFor={`${id}-title`}>Form Title</Label>
              <Input
                id={`${id}-title`}
                ref={titleRef}
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
                    <BuilderFieldRow
                      key={field.id}
                      field={field}
                      index={index}
                      count={fields.length}
                      onChange={(change) => updateField(field.id, change)}
                      onMove={(delta) => move(index, delta)}
                      onRemove={() => remove(index)}
                    />
                  ))}
                </ol>
              )}

              {/* The label takes the whole first line; the type and Add Field share the second.
                  Three columns squeezed it to about 110 px at 1280 px wide (issue 27 item 8). */}
              <div className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 rounded-lg bg-muted/50 p-3">
                <div className="col-span-2 space-y-2">
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

            {settings && (
              <FormSettings draft={settings} responseCount={editing?.responseCount ?? 0} onChange={setSettings} />
            )}

            {editing ? (
              <div className="flex flex-wrap gap-2">
                {/* Busy, not disabled, while it saves: a disabled button dropped the focus to the page. */}
                <Button type="submit" className="flex-1" disabled={conflict !== null} aria-busy={saving || undefined}>
                  {updateForm.isPending ? 'Saving...' : 'Save Changes'}
                </Button>
                <Button type="button" variant="outline" onClick={onDone}>
                  {conflict ? 'Close' : 'Cancel'}
                </Button>
              </div>
            ) : (
              <Button type="submit" className="w-full" aria-busy={saving || undefined}>
                {createForm.isPending ? 'Creating...' : 'Create Form'}
              </Button>
            )}
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Preview</CardTitle>
          <CardDescription>How partners will see the form.</CardDescription>
        </CardHeader>
        <CardContent data-testid="form-preview">
          <FormPreview title={title} description={description} fields={fields.map(previewValues)} />
        </CardContent>
      </Card>
    </div>
  );
}

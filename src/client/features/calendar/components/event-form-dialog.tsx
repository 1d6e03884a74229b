import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { actionToasts } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialogContent } from '@/components/form-dialog-content';
import { Dialog, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_TITLE_MAX,
  eventFormSchema,
  NOT_AN_IMAGE,
  type CalendarEvent,
  type EventFormValues,
} from '#shared/schemas/calendar';
import { fileTooLargeMessage } from '#shared/schemas/files';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { browserTimeZone } from '@/lib/time-zone';
import { buildRule, choiceOf, describeRule, NO_REPEAT, startFacts, type RepeatChoice } from '#shared/recurrence';
import { useCreateEvent } from '../api/create-event';
import { useUpdateEvent, type SeriesTarget } from '../api/update-event';
import { fromLocalInput, toLocalInput } from './event-dates';
import { RepeatFields } from './repeat-fields';

// One action's toasts: a save that works closes the error of the try before (lib/toast.ts).
const toast = actionToasts('event-dialog');

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

export type EventFormMode = { kind: 'add' } | { kind: 'edit'; event: CalendarEvent; target?: SeriesTarget };

/** The instant a form's start stands for: an all-day date is midnight UTC of that date. */
function startInstant(value: string, allDay: boolean): Date | null {
  if (!value) return null;
  const date = allDay ? new Date(`${value.slice(0, 10)}T00:00:00.000Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The Repeat choice a form opens with. "This and following events" of a series that ends after
 * a number of times starts a new series here: it offers the number left, not the whole
 * series' (the fourth and last of four meetings: "After 1 time"), so saving keeps the total.
 */
function initialRepeat(editing: (CalendarEvent & { target?: SeriesTarget }) | null): RepeatChoice {
  if (!editing?.recurrence) return NO_REPEAT;
  const choice = choiceOf(editing.recurrence, editing.timeZone);
  const past = editing.occurrencesBefore;
  if (editing.target?.scope !== 'following' || choice.ends !== 'count' || !past) return choice;
  return { ...choice, count: Math.max(1, choice.count - past) };
}

/** Add Event and Edit Event: the same fields, checked with the API's rules before sending. */
export function EventFormDialog({
  mode,
  maxUploadMb,
  onOpenChange,
  onCloseAutoFocus,
}: {
  mode: EventFormMode | null;
  maxUploadMb: number;
  onCloseAutoFocus: (event: Event) => void;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={mode !== null} onOpenChange={onOpenChange}>
      <FormDialogContent className="max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
        {mode && (
          <EventForm
            key={mode.kind === 'edit' ? mode.event.id : 'add'}
            mode={mode}
            maxUploadMb={maxUploadMb}
            onDone={() => onOpenChange(false)}
          />
        )}
      </FormDialogContent>
    </Dialog>
  );
}

function EventForm({ mode, maxUploadMb, onDone }: { mode: EventFormMode; maxUploadMb: number; onDone: () => void }) {
  const id = useId();
  const editing = mode.kind === 'edit' ? { ...mode.event, target: mode.target } : null;
  const create = useCreateEvent();
  const update = useUpdateEvent();
  const saving = create.isPending || update.isPending;
  const [image, setImage] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  // The save button was disabled while it saved, and the focus fell to the page: a picture the
  // server refused sends it to the image field, any other failure back to the button.
  const refocus = (err: unknown) => {
    const message = err instanceof Error ? err.message : '';
    const aboutImage = message === NOT_AN_IMAGE || message === fileTooLargeMessage(maxUploadMb);
    void focusWhenDrawn(() => {
      if (aboutImage) return document.getElementById(`${id}-image`);
      const button = document.getElementById(`${id}-submit`) as HTMLButtonElement | null;
      return button?.disabled === false ? button : null;
    });
  };
  const [allDay, setAllDay] = useState(editing?.allDay ?? false);
  // One occurrence changed on its own does not repeat; a series keeps its rule to edit.
  const repeatable = !(editing?.target?.scope === 'this');
  const [repeat, setRepeat] = useState<RepeatChoice>(() => initialRepeat(editing));
  const timeZone = editing?.timeZone && editing.recurrence ? editing.timeZone : (browserTimeZone() ?? 'UTC');
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: editing
      ? {
          title: editing.title,
          description: editing.description ?? '',
          location: editing.location ?? '',
          start: editing.allDay ? editing.startDate.slice(0, 10) : toLocalInput(editing.startDate),
          end: editing.allDay ? editing.endDate.slice(0, 10) : toLocalInput(editing.endDate),
        }
      : { title: '', description: '', location: '', start: '', end: '' },
  });
  const errors = form.formState.errors;
  const startValue = useWatch({ control: form.control, name: 'start' });
  const start = startInstant(startValue, allDay);
  const rule = repeatable && start ? buildRule(repeat, start, timeZone, allDay) : null;
  const ruleWords =
    rule && (repeat.ends === 'count' || repeat.until) ? describeRule(rule, start!, timeZone, allDay) : null;
  const facts = start ? startFacts(start, timeZone, allDay) : null;

  const toggleAllDay = (on: boolean) => {
    setAllDay(on);
    // Carry the chosen dates over between the date-time and the date inputs.
    for (const name of ['start', 'end'] as const) {
      const value = form.getValues(name);
      if (!value) continue;
      form.setValue(name, on ? value.slice(0, 10) : `${value.slice(0, 10)}T${name === 'start' ? '09:00' : '10:00'}`);
    }
  };

  const onImage = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (file && !IMAGE_TYPES.includes(file.type)) {
      toast.error(NOT_AN_IMAGE);
      e.target.value = '';
      setImage(null);
      return;
    }
    if (file && file.size > maxUploadMb * 1024 * 1024) {
      toast.error(fileTooLargeMessage(maxUploadMb));
      e.target.value = '';
      setImage(null);
      return;
    }
    setImage(file);
    if (file) setRemoveImage(false);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      const payload = {
        title: values.title.trim(),
        description: values.description,
        location: values.location,
        startDate: allDay ? `${values.start.slice(0, 10)}T00:00:00.000Z` : fromLocalInput(values.start),
        endDate: allDay ? `${values.end.slice(0, 10)}T00:00:00.000Z` : fromLocalInput(values.end),
        image,
        removeImage,
        allDay,
        timeZone,
        recurrence: rule,
      };
      if (repeat.frequency !== 'none' && repeat.ends === 'until' && !repeat.until && repeatable) {
        toast.error('Choose the date the repeating event ends on');
        return;
      }
      if (editing) {
        try {
          await update.mutateAsync({ id: editing.id, target: editing.target, ...payload });
          toast.success('Event updated successfully!');
          onDone();
        } catch (err) {
          toast.error('Failed to update event', { description: err instanceof Error ? err.message : String(err) });
          refocus(err);
        }
        return;
      }
      try {
        await create.mutateAsync(payload);
        toast.success('Event created successfully!');
        onDone();
      } catch (err) {
        toast.error('Failed to create event', { description: err instanceof Error ? err.message : String(err) });
        refocus(err);
      }
    },
    (invalid) => {
      const first =
        invalid.title?.message ??
        invalid.start?.message ??
        invalid.end?.message ??
        invalid.description?.message ??
        invalid.location?.message;
      if (first) toast.error(first);
    },
  );

  const fieldError = (name: keyof EventFormValues) =>
    errors[name]?.message ? (
      <p id={`${id}-${name}-error`} className="text-sm text-destructive">
        {errors[name]?.message}
      </p>
    ) : null;
  const describedBy = (name: keyof EventFormValues) => (errors[name] ? `${id}-${name}-error` : undefined);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{editing ? 'Edit Event' : 'Add Event'}</DialogTitle>
        <DialogDescription>
          {editing ? 'Change the details of this event.' : 'Add an event to the ministry calendar.'}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          maxLength={EVENT_TITLE_MAX}
          aria-required="true"
          aria-invalid={Boolean(errors.title)}
          aria-describedby={describedBy('title')}
          {...form.register('title')}
        />
        {fieldError('title')}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          maxLength={EVENT_DESCRIPTION_MAX}
          rows={3}
          {...form.register('description')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-start`}>Start</Label>
          <Input
            id={`${id}-start`}
            type={allDay ? 'date' : 'datetime-local'}
            aria-required="true"
            aria-invalid={Boolean(errors.start)}
            aria-describedby={describedBy('start')}
            {...form.register('start')}
          />
          {fieldError('start')}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-end`}>End</Label>
          <Input
            id={`${id}-end`}
            type={allDay ? 'date' : 'datetime-local'}
            aria-required="true"
            aria-invalid={Boolean(errors.end)}
            aria-describedby={describedBy('end')}
            {...form.register('end')}
          />
          {fieldError('end')}
        </div>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id={`${id}-all-day`} checked={allDay} onCheckedChange={(v) => toggleAllDay(v === true)} />
        <Label htmlFor={`${id}-all-day`}>All day</Label>
      </div>
      {repeatable && (
        <RepeatFields
          choice={repeat}
          onChange={setRepeat}
          startWeekday={facts?.weekday ?? null}
          monthlyWords={{
            date: facts?.date ?? 'the same day',
            weekday: facts?.ordinal ?? 'the same weekday',
          }}
          words={ruleWords}
        />
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-location`}>Location</Label>
        <Input id={`${id}-location`} maxLength={EVENT_LOCATION_MAX} {...form.register('location')} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-image`}>{editing?.imageUrl ? 'Replace image' : 'Image'}</Label>
        <Input
          id={`${id}-image`}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          onChange={onImage}
          aria-describedby={`${id}-image-hint`}
          className="h-auto py-1.5"
        />
        <p id={`${id}-image-hint`} className="text-xs text-muted-foreground">
          PNG, JPEG, GIF or WebP, up to {maxUploadMb} MB.
        </p>
        {editing?.imageUrl && !image && (
          <div className="flex items-center gap-3">
            <img src={editing.imageUrl} alt="" className="h-16 w-24 rounded-md object-cover" />
            <div className="flex items-center gap-2">
              <Checkbox id={`${id}-remove`} checked={removeImage} onCheckedChange={(v) => setRemoveImage(v === true)} />
              <Label htmlFor={`${id}-remove`}>Remove image</Label>
            </div>
          </div>
        )}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button id={`${id}-submit`} type="submit" disabled={saving}>
          {saving ? 'Saving...' : editing ? 'Save Changes' : 'Create Event'}
        </Button>
      </DialogFooter>
    </form>
  );
}

import { useId, useState } from 'react';
import { DateInput } from '@/components/ui/date-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import { WEEKDAY_NAMES, WEEKDAYS, type RepeatChoice } from '#shared/recurrence';

/** The event dialog's "Repeat" fields; `words` is the rule as it will read ("Every Tuesday, 10 times"). */
export function RepeatFields({
  choice,
  onChange,
  startWeekday,
  monthlyWords,
  words,
}: {
  choice: RepeatChoice;
  onChange: (choice: RepeatChoice) => void;
  startWeekday: (typeof WEEKDAYS)[number] | null;
  /** The two monthly readings of the start: "day 14" and "the second Tuesday". */
  monthlyWords: { date: string; weekday: string };
  words: string | null;
}) {
  const id = useId();
  const set = (patch: Partial<RepeatChoice>) => onChange({ ...choice, ...patch });
  const chosenDays = choice.weekdays.length ? choice.weekdays : startWeekday ? [startWeekday] : [];
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Repeat</legend>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-frequency`} className="sr-only">
          Repeat
        </Label>
        <NativeSelect
          id={`${id}-frequency`}
          value={choice.frequency}
          onChange={(e) => set({ frequency: e.target.value as RepeatChoice['frequency'] })}
        >
          <option value="none">Does not repeat</option>
          <option value="daily">Daily</option>
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly</option>
          <option value="yearly">Yearly</option>
        </NativeSelect>
      </div>
      {choice.frequency === 'weekly' && (
        <div role="group" aria-label="Repeat on" className="flex flex-wrap gap-1">
          {WEEKDAYS.map((day) => {
            const on = chosenDays.includes(day);
            return (
              <button
                key={day}
                type="button"
                aria-pressed={on}
                aria-label={WEEKDAY_NAMES[day]}
                onClick={() => set({ weekdays: on ? chosenDays.filter((d) => d !== day) : [...chosenDays, day] })}
                className={cn(
                  'size-9 rounded-full border text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  on ? 'border-primary bg-primary text-primary-foreground' : 'bg-card',
                )}
              >
                {WEEKDAY_NAMES[day].slice(0, 2)}
              </button>
            );
          })}
        </div>
      )}
      {choice.frequency === 'monthly' && (
        <NativeSelect
          aria-label="Repeat monthly on"
          value={choice.monthlyBy}
          onChange={(e) => set({ monthlyBy: e.target.value as RepeatChoice['monthlyBy'] })}
        >
          <option value="date">On {monthlyWords.date}</option>
          <option value="weekday">On {monthlyWords.weekday}</option>
        </NativeSelect>
      )}
      {choice.frequency !== 'none' && (
        <div className="grid gap-2">
          <span className="text-sm font-medium">Ends</span>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <input
              id={`${id}-ends-until`}
              type="radio"
              name={`${id}-ends`}
              checked={choice.ends === 'until'}
              onChange={() => set({ ends: 'until' })}
              className="size-4 accent-primary"
            />
            <Label htmlFor={`${id}-ends-until`}>On</Label>
            <DateInput
              aria-label="Ends on"
              className="w-44"
              value={choice.until}
              onChange={(e) => set({ ends: 'until', until: e.target.value })}
            />
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <input
              id={`${id}-ends-count`}
              type="radio"
              name={`${id}-ends`}
              checked={choice.ends === 'count'}
              onChange={() => set({ ends: 'count' })}
              className="size-4 accent-primary"
            />
            <Label htmlFor={`${id}-ends-count`}>After</Label>
            <CountBox count={choice.count} onCount={(count) => set({ ends: 'count', count })} />
          </div>
        </div>
      )}
      {words && <p className="text-sm text-muted-foreground">{words}</p>}
    </fieldset>
  );
}

const MAX_COUNT = 999;

/** The count a box's text stands for: a whole number from 1 to 999, else null. */
function countFrom(text: string): number | null {
  const typed = Number(text);
  return text !== '' && Number.isInteger(typed) && typed >= 1 && typed <= MAX_COUNT ? typed : null;
}

/**
 * "After N times": the box holds what is typed, so it can be emptied and retyped (it used to
 * put 1 back at once, and "10", emptied, then "6", read 16). The series takes each whole number
 * from 1 to 999 as it is typed; anything else (empty, 0, "5e", decision 0168) keeps the last
 * count, which the box shows again when it loses the focus. A number outside 1 to 999 says so
 * under the box: "1000" used to go back to 100 on leaving it without a word.
 */
function CountBox({ count, onCount }: { count: number; onCount: (count: number) => void }) {
  const [text, setText] = useState(String(count));
  const [shown, setShown] = useState(count);
  if (shown !== count) {
    // Changed from outside (another series chosen): the box follows.
    setShown(count);
    setText(String(count));
  }
  const outOfRange = text !== '' && countFrom(text) === null;
  const messageId = useId();
  return (
    <>
      <Input
        type="number"
        min={1}
        max={MAX_COUNT}
        aria-label="Number of times"
        aria-invalid={outOfRange || undefined}
        aria-describedby={outOfRange ? messageId : undefined}
        className="w-24"
        value={text}
        onChange={(e) => {
          if (e.target.validity.badInput) return;
          setText(e.target.value);
          const typed = countFrom(e.target.value);
          if (typed !== null) {
            setShown(typed);
            onCount(typed);
          }
        }}
        onBlur={() => setText(String(count))}
      />
      <span>times</span>
      {outOfRange && (
        <p id={messageId} role="status" className="basis-full text-destructive">
          {`A whole number from 1 to ${MAX_COUNT}, please: the series stays at ${count} times.`}
        </p>
      )}
    </>
  );
}

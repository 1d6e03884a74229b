import { useId } from 'react';
import type { DuplicateMode } from '#shared/imports';

const CHOICES: Record<DuplicateMode, { label: string; hint: string }> = {
  skip: { label: 'Skip them', hint: 'Rows that are already stored are left out.' },
  fill: { label: 'Fill their empty fields', hint: 'Only what is empty now is filled from the file.' },
  overwrite: {
    label: 'Overwrite their fields',
    hint: 'Every field the file has a value for replaces the stored one; empty cells erase nothing.',
  },
};

/**
 * What to do with rows whose record is already stored (targets that offer it, such as partners:
 * found by email, then by name and phone). The preview and the counts follow the choice.
 */
export function DuplicateChoice({
  noun,
  modes,
  value,
  onChange,
}: {
  noun: string;
  modes: DuplicateMode[];
  value: DuplicateMode;
  onChange: (mode: DuplicateMode) => void;
}) {
  const name = useId();
  return (
    <fieldset className="space-y-2 rounded-lg border p-3">
      <legend className="px-1 font-medium">{`${noun[0]!.toUpperCase()}${noun.slice(1)} already in the directory`}</legend>
      {modes.map((mode) => (
        <label key={mode} className="flex items-start gap-2">
          <input
            type="radio"
            name={name}
            value={mode}
            checked={value === mode}
            onChange={() => onChange(mode)}
            className="mt-1"
          />
          <span>
            <span className="block">{CHOICES[mode].label}</span>
            <span className="block text-xs text-muted-foreground">{CHOICES[mode].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { moveItem } from '@/lib/move-item';
import { FORM_LIMITS } from '#shared/forms';

/**
 * The options of a single or multiple choice field: typed one at a time, reordered and removed
 * with buttons (keyboard as well as mouse). The server checks again: 2 to 50, each once.
 */
export function OptionsEditor({
  fieldName,
  options,
  onChange,
}: {
  fieldName: string;
  options: string[];
  onChange: (options: string[]) => void;
}) {
  const [draft, setDraft] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  const add = () => {
    const option = draft.trim();
    if (!option) return void toast.error('Each option needs a label');
    if (options.some((o) => o.toLowerCase() === option.toLowerCase()))
      return void toast.error('Each option can appear only once');
    if (options.length >= FORM_LIMITS.options)
      return void toast.error(`A field can have at most ${FORM_LIMITS.options} options`);
    onChange([...options, option]);
    setDraft('');
    inputRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="w-full space-y-2 pl-8" role="group" aria-label={`Options of ${fieldName}`}>
      {options.length < 2 && <p className="text-xs text-muted-foreground">Add at least two options.</p>}
      <ul className="space-y-1">
        {options.map((option, index) => (
          <li key={option} className="flex items-center gap-1">
            <span className="min-w-0 flex-1 truncate rounded-md border bg-background px-2 py-1 text-sm">{option}</span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move option ${option} up`}
              disabled={index === 0}
              onClick={() => onChange(moveItem(options, index, index - 1))}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Move option ${option} down`}
              disabled={index === options.length - 1}
              onClick={() => onChange(moveItem(options, index, index + 1))}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove option ${option}`}
              onClick={() => onChange(options.filter((_, i) => i !== index))}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Input
          ref={inputRef}
          aria-label={`New option for ${fieldName}`}
          value={draft}
          maxLength={FORM_LIMITS.optionLabel}
          placeholder="e.g. Saturday morning"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="secondary" onClick={add}>
          <Plus aria-hidden="true" />
          Add Option
        </Button>
      </div>
    </div>
  );
}

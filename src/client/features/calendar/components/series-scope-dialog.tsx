import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { EventScope } from '#shared/schemas/calendar';

const CHOICES: { value: EventScope; label: string }[] = [
  { value: 'this', label: 'This event' },
  { value: 'following', label: 'This and following events' },
  { value: 'all', label: 'All events' },
];

/**
 * The question before changing or deleting part of a series. For a delete it is also the
 * confirmation: nothing happens until "Delete" is pressed.
 */
export function SeriesScopeDialog({
  action,
  onOpenChange,
  onChoose,
  onCloseAutoFocus,
}: {
  action: 'edit' | 'delete' | null;
  onCloseAutoFocus: (event: Event) => void;
  onOpenChange: (open: boolean) => void;
  onChoose: (scope: EventScope) => void;
}) {
  const id = useId();
  const [scope, setScope] = useState<EventScope>('this');
  // Each question starts at "This event", the choice that changes least: the dialog stays on the
  // page, and the answer of the last one made a Delete pressed at once remove every later event.
  const [askedFor, setAskedFor] = useState(action);
  if (askedFor !== action) {
    setAskedFor(action);
    if (action !== null) setScope('this');
  }
  return (
    <Dialog open={action !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{action === 'delete' ? 'Delete repeating event' : 'Edit repeating event'}</DialogTitle>
          <DialogDescription>
            {action === 'delete'
              ? 'Which events should be deleted? This cannot be undone.'
              : 'Which events should change?'}
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid gap-2">
          <legend className="sr-only">Scope</legend>
          {CHOICES.map((c) => (
            <label key={c.value} htmlFor={`${id}-${c.value}`} className="flex items-center gap-2 text-sm">
              <input
                id={`${id}-${c.value}`}
                type="radio"
                name={`${id}-scope`}
                value={c.value}
                checked={scope === c.value}
                onChange={() => setScope(c.value)}
                className="size-4 accent-primary"
              />
              {c.label}
            </label>
          ))}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant={action === 'delete' ? 'destructive' : 'default'} onClick={() => onChoose(scope)}>
            {action === 'delete' ? 'Delete' : 'Continue'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

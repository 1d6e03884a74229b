import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

/**
 * Recovery codes, shown once: to copy, to download as a text file, and a box to tick before
 * going on, so nobody leaves without having kept them. Until it is ticked the codes are marked
 * `data-unsaved-codes`, and the dialog around them does not close (two-factor-card.tsx).
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const checkboxId = useId();
  const hintId = useId();
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy', { description: 'Select the codes and copy them, or download them instead.' });
    }
  };
  const download = () => {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <div className="space-y-4" data-unsaved-codes={saved ? undefined : ''}>
      <p className="text-sm text-muted-foreground">
        Keep these somewhere safe, apart from your phone. If you lose your phone, each code signs you in once instead of
        the app. They are shown only now.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={download}>
          Download
        </Button>
      </div>
      <div className="space-y-1">
        <div className="flex items-center gap-2">
          <Checkbox
            id={checkboxId}
            checked={saved}
            onCheckedChange={(value) => setSaved(value === true)}
            aria-describedby={saved ? undefined : hintId}
          />
          <Label htmlFor={checkboxId}>I have saved my recovery codes</Label>
        </div>
        {!saved && (
          <p id={hintId} className="text-sm text-muted-foreground">
            This window stays open until the box is ticked: the codes are not shown again.
          </p>
        )}
      </div>
      <Button type="button" onClick={onDone} disabled={!saved}>
        Done
      </Button>
    </div>
  );
}

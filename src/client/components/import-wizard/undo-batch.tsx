import { Button } from '@/components/ui/button';
import { ConfirmAction } from '@/components/confirm-action';

/**
 * Undo with a confirmation that names what goes: every row of the batch, those corrected or
 * voided since included (docs/decisions/0113).
 */
export function UndoBatch({
  noun,
  rows,
  changedSince,
  busy,
  onUndo,
}: {
  noun: string;
  rows: number;
  changedSince: number;
  busy: boolean;
  onUndo: () => void;
}) {
  const changed =
    changedSince > 0
      ? ` ${changedSince.toLocaleString('en-US')} of them ${changedSince === 1 ? 'was' : 'were'} corrected or voided since the import and will be removed too.`
      : '';
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" size="sm" disabled={busy}>
          {busy ? 'Undoing…' : 'Undo'}
        </Button>
      }
      title="Undo this import?"
      description={`This removes the ${rows.toLocaleString('en-US')} ${noun} it brought in.${changed} The import stays listed as undone.`}
      confirmLabel={`Remove ${rows.toLocaleString('en-US')} ${noun}`}
      onConfirm={onUndo}
    />
  );
}

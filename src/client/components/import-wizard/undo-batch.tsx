import { Button } from '@/components/ui/button';
import { ConfirmAction } from '@/components/confirm-action';
import { countOf } from './plural';

/**
 * Undo with a confirmation that names what goes: every row of the batch, those corrected or
 * voided since included (docs/decisions/0113).
 */
export function UndoBatch({
  noun,
  rows,
  changedSince,
  note,
  busy,
  size = 'sm',
  onUndo,
}: {
  noun: string;
  rows: number;
  changedSince: number;
  /** What else the undo does, as the target says it (partners: updated ones put back); replaces the gifts' sentence. */
  note?: string | null;
  busy: boolean;
  /** Small in the table of recent imports; the size of the buttons beside it on the Done step. */
  size?: 'sm' | 'default';
  onUndo: () => void;
}) {
  const changed =
    note !== undefined
      ? note
        ? ` ${note}`
        : ''
      : changedSince > 0
        ? ` ${changedSince.toLocaleString('en-US')} of them ${changedSince === 1 ? 'was' : 'were'} corrected or voided since the import and will be removed too.`
        : '';
  return (
    <ConfirmAction
      trigger={
        <Button variant="outline" size={size} disabled={busy}>
          {busy ? 'Undoing…' : 'Undo'}
        </Button>
      }
      title="Undo this import?"
      description={`${rows > 0 || note === undefined ? `This removes the ${countOf(rows, noun)} it brought in.` : ''}${rows > 0 || note === undefined ? changed : changed.trimStart()} The import stays listed as undone.`}
      confirmLabel={rows > 0 || note === undefined ? `Remove ${countOf(rows, noun)}` : 'Undo the import'}
      onConfirm={onUndo}
    />
  );
}

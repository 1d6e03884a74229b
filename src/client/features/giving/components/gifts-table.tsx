import { format } from 'date-fns';
import { History, Pencil, Ban } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableHead } from '@/components/ui/table-head';
import { cn } from '@/lib/utils';
import { useMoney } from '@/features/organization/api/use-money';
import { DATE_FORMAT } from '#shared/format';
import { METHOD_LABELS, TYPE_LABELS } from '#shared/giving';
import type { Gift } from '../api/list-gifts';

export type GiftAction = 'edit' | 'void' | 'history';

/**
 * The ledger's rows, newest first. A voided gift stays, struck through with its reason, and
 * offers only its history. Each action's button gets the focus back when its dialog closes.
 */
export function GiftsTable({
  gifts,
  onAction,
}: {
  gifts: Gift[];
  onAction: (action: GiftAction, gift: Gift, opener: HTMLElement) => void;
}) {
  const money = useMoney();
  // Room for notes only when the page has some: an empty Notes column 160 px wide pushed the
  // recorder's name onto three lines at 1,280 px beside the sidebar.
  const anyNotes = gifts.some((gift) => gift.voidedAt !== null || gift.notes);
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <TableHead
          labels={['Date', 'Partner', 'Amount', 'Type', 'Method', 'Reference', 'Notes', 'Recorded by', 'Actions']}
        />
        <tbody>
          {gifts.map((gift) => {
            const voided = gift.voidedAt !== null;
            const name = `${money.format(gift.amount)} from ${gift.partnerName}`;
            return (
              <tr
                key={gift.id}
                className={cn('border-t', voided && 'text-muted-foreground')}
                data-testid="gift-row"
                data-gift-id={gift.id}
              >
                <td className="whitespace-nowrap px-3 py-2">{format(new Date(gift.donationDate), DATE_FORMAT)}</td>
                <td className="px-3 py-2">
                  {gift.partnerId ? (
                    <Link
                      to={`/partners?partner=${gift.partnerId}`}
                      className="font-medium underline-offset-4 hover:underline"
                    >
                      {gift.partnerName}
                    </Link>
                  ) : (
                    gift.partnerName
                  )}
                </td>
                <td className={cn('whitespace-nowrap px-3 py-2 text-right tabular-nums', voided && 'line-through')}>
                  {money.format(gift.amount)}
                </td>
                <td className="whitespace-nowrap px-3 py-2">{TYPE_LABELS[gift.donationType]}</td>
                <td className="px-3 py-2">{gift.method ? METHOD_LABELS[gift.method] : ''}</td>
                <td className="break-words px-3 py-2">{gift.reference}</td>
                <td className={cn('break-words px-3 py-2', anyNotes && 'min-w-40')}>
                  {voided && (
                    <Badge variant="outline" className="mr-1 border-destructive/50 text-destructive">
                      Voided
                    </Badge>
                  )}
                  {voided ? <span>{gift.voidReason}</span> : gift.notes}
                </td>
                <td className="px-3 py-2">{gift.recordedBy?.name || (gift.importBatchId ? 'Import' : '')}</td>
                <td className="whitespace-nowrap px-1 py-1">
                  {!voided && (
                    <>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit the gift of ${name}`}
                        title="Edit"
                        onClick={(e) => onAction('edit', gift, e.currentTarget)}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Void the gift of ${name}`}
                        title="Void"
                        onClick={(e) => onAction('void', gift, e.currentTarget)}
                      >
                        <Ban aria-hidden="true" />
                      </Button>
                    </>
                  )}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`History of the gift of ${name}`}
                    title="History"
                    onClick={(e) => onAction('history', gift, e.currentTarget)}
                  >
                    <History aria-hidden="true" />
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

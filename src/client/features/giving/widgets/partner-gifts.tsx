import { format } from 'date-fns';
import { HandCoins } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { TableHead } from '@/components/ui/table-head';
import { useMoney } from '@/features/organization/api/use-money';
import { DATE_FORMAT } from '#shared/format';
import { usePartnerDonations } from '../api/get-partner-donations';
import { StatementDownload } from '../components/statement-download';

/** The 'Gifts' section of a partner's details (D9): their gifts, newest first, and the total. */
export function PartnerGifts({ partnerId }: { partnerId: string }) {
  const { data, isPending, isError } = usePartnerDonations(partnerId);
  const money = useMoney();
  return (
    <section aria-labelledby={`gifts-${partnerId}`} className="space-y-3 border-t pt-4">
      <h3 id={`gifts-${partnerId}`} className="font-semibold">
        Gifts
      </h3>
      {isPending && <p className="text-sm text-muted-foreground">Loading gifts...</p>}
      {isError && <p className="text-sm text-destructive">The gifts could not be loaded.</p>}
      {data && data.count === 0 && (
        <EmptyState icon={HandCoins} size="inline">
          No gifts recorded yet.
        </EmptyState>
      )}
      <StatementDownload partnerId={partnerId} />
      {data && data.count > 0 && (
        <>
          <p className="text-sm" data-testid="partner-gift-total">
            {money.format(data.total)} given in {data.count} {data.count === 1 ? 'gift' : 'gifts'}
          </p>
          <div className="max-h-64 overflow-y-auto rounded-md border">
            <table className="w-full text-sm">
              <TableHead labels={['Date', 'Amount', 'Type', 'Notes']} className="sticky top-0" />
              <tbody>
                {data.donations.map((gift) => (
                  <tr key={gift.id} className="border-t">
                    <td className="px-3 py-2 whitespace-nowrap">{format(new Date(gift.donationDate), DATE_FORMAT)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{money.format(gift.amount)}</td>
                    <td className="px-3 py-2">{gift.donationType === 'monthly' ? 'Monthly' : 'One-time'}</td>
                    <td className="px-3 py-2 break-words">{gift.notes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.count > data.donations.length && (
            <p className="text-xs text-muted-foreground">Showing the latest {data.donations.length} gifts.</p>
          )}
        </>
      )}
    </section>
  );
}

import { Badge } from '@/components/ui/badge';
import { EmailAddress } from '@/components/ui/email-address';
import { TableHead } from '@/components/ui/table-head';
import type { Partner } from '../api/list-partners';
import { formatDay, StatusBadge } from './partner-card';
import { TagList } from './tag-badge';

/**
 * The directory as a compact table (issue 27 item 9), for scanning many partners: one row per
 * partner, the name opening the details as a card's 'View Details' does. On a phone the table
 * scrolls inside its frame, never the page.
 */
export function PartnerTable({
  partners,
  onView,
}: {
  partners: Partner[];
  onView: (partner: Partner, button: HTMLElement) => void;
}) {
  return (
    <div className="relative overflow-x-auto rounded-md border">
      <table className="w-full text-sm">
        <TableHead labels={['Name', 'Status', 'Zone', 'Email', 'Phone', 'Last contact', 'Tags']} />
        <tbody>
          {partners.map((partner) => (
            <tr key={partner.id} className="border-t align-top" data-testid="partner-row">
              <td className="min-w-40 px-3 py-2">
                <button
                  type="button"
                  className="text-left font-medium underline-offset-4 hover:underline focus-visible:underline"
                  onClick={(e) => onView(partner, e.currentTarget)}
                >
                  {partner.name}
                </button>
                {(partner.cardholderStatus || partner.archivedAt) && (
                  <span className="ml-2 inline-flex gap-1">
                    {partner.cardholderStatus && <Badge variant="warning">Cardholder</Badge>}
                    {partner.archivedAt && <Badge variant="secondary">Archived</Badge>}
                  </span>
                )}
              </td>
              <td className="px-3 py-2">
                <StatusBadge status={partner.status} />
              </td>
              <td className="px-3 py-2">{partner.zone}</td>
              <td className="break-words px-3 py-2">
                <EmailAddress value={partner.email} />
              </td>
              <td className="whitespace-nowrap px-3 py-2">{partner.phone}</td>
              <td className="whitespace-nowrap px-3 py-2">
                {partner.lastContact ? (
                  formatDay(partner.lastContact)
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </td>
              <td className="px-3 py-2">{partner.tags.length > 0 && <TagList tags={partner.tags} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

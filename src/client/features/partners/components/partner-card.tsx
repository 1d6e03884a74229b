import { format } from 'date-fns';
import { Calendar, Mail, MapPin, Phone, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DATE_FORMAT } from '#shared/format';
import type { Partner } from '../api/list-partners';
import { TagList } from './tag-badge';

/** "2025-06-13" as that calendar day in the browser (not midnight UTC). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return format(new Date(year, month - 1, date), DATE_FORMAT);
}

export function StatusBadge({ status }: { status: Partner['status'] }) {
  return (
    <Badge variant={status === 'active' ? 'success' : 'secondary'}>{status === 'active' ? 'Active' : 'Inactive'}</Badge>
  );
}

function Line({ icon: Icon, label, children }: { icon: typeof Mail; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="shrink-0">
        <Icon className="size-4" aria-hidden="true" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="truncate">{children}</dd>
    </div>
  );
}

/** A partner in the grid (SPEC.md section 2): name, status, contact details, 'View Details'. */
export function PartnerCard({ partner, onView }: { partner: Partner; onView: (button: HTMLElement) => void }) {
  return (
    <Card className="flex min-w-0 flex-col p-5" data-testid="partner-card">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold">{partner.name}</h2>
        <StatusBadge status={partner.status} />
      </div>
      {(partner.zone || partner.cardholderStatus || partner.archivedAt) && (
        <div className="mt-1 flex flex-wrap gap-2 text-xs">
          {partner.archivedAt && <Badge variant="secondary">Archived</Badge>}
          {partner.zone && <Badge variant="outline">Zone: {partner.zone}</Badge>}
          {partner.cardholderStatus && <Badge variant="warning">Cardholder</Badge>}
        </div>
      )}
      {partner.tags.length > 0 && (
        <div className="mt-2">
          <TagList tags={partner.tags} />
        </div>
      )}
      <dl className="mt-3 flex-1 space-y-1.5 text-sm text-muted-foreground">
        <Line icon={Mail} label="Email">
          {partner.email}
        </Line>
        {partner.phone && (
          <Line icon={Phone} label="Phone">
            {partner.phone}
          </Line>
        )}
        {partner.location && (
          <Line icon={MapPin} label="Location">
            {partner.location}
          </Line>
        )}
        {partner.coordinator && (
          <Line icon={User} label="Coordinator">
            {partner.coordinator}
          </Line>
        )}
        <Line icon={Calendar} label="Last contact">
          {partner.lastContact ? `Last contact: ${formatDay(partner.lastContact)}` : 'No contact recorded'}
        </Line>
      </dl>
      <Button variant="outline" className="mt-4 w-full" onClick={(e) => onView(e.currentTarget)}>
        View Details<span className="sr-only"> for {partner.name}</span>
      </Button>
    </Card>
  );
}

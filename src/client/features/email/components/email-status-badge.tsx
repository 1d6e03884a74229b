import { Badge } from '@/components/ui/badge';
import { EMAIL_STATUS_LABELS, type EmailStatus } from '#shared/schemas/email';

const VARIANTS = { pending: 'secondary', sending: 'warning', sent: 'success', failed: 'destructive' } as const;

export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  return <Badge variant={VARIANTS[status]}>{EMAIL_STATUS_LABELS[status]}</Badge>;
}

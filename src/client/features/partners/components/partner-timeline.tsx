import { format } from 'date-fns';
import { History, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-action';
import { EmptyState } from '@/components/empty-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMoney } from '@/features/organization/api/use-money';
import { DATE_FORMAT } from '#shared/format';
import { answerShown } from '#shared/form-answers';
import { CONTACT_KIND_LABELS } from '#shared/partners';
import { useDeleteContact, usePartnerTimeline, type TimelineEntry } from '../api/partner-timeline';
import { formatDay } from './partner-card';

type ContactEntry = Extract<TimelineEntry, { source: 'contact' }>;

/** '2026-11-25 04:11:49.123456+00' (UTC, as the server writes it) as a day to show. */
const dayOf = (at: string) => format(new Date(`${at.slice(0, 10)}T${at.slice(11, 23)}Z`), DATE_FORMAT);

function EntryText({ entry }: { entry: TimelineEntry }) {
  const money = useMoney();
  switch (entry.source) {
    case 'contact':
      return (
        <>
          <p className="font-medium">
            {CONTACT_KIND_LABELS[entry.kind]} <span className="text-muted-foreground">· {formatDay(entry.date)}</span>
          </p>
          <p className="whitespace-pre-wrap break-words">{entry.body}</p>
          <p className="text-xs text-muted-foreground">
            {entry.by ? `Logged by ${entry.by.name}` : 'Recorded before the contact log'}
          </p>
        </>
      );
    case 'gift':
      return (
        <p className="font-medium">
          <span className={entry.voided ? 'line-through' : undefined}>
            Gift of {money.format(entry.amount)} ({entry.donationType === 'monthly' ? 'Monthly' : 'One-time'})
          </span>{' '}
          <span className="text-muted-foreground">· {dayOf(entry.at)}</span>{' '}
          {entry.voided && <Badge variant="secondary">Voided</Badge>}
        </p>
      );
    case 'task':
      return (
        <>
          <p className="font-medium">
            {entry.event === 'created' ? 'Task created' : 'Task completed'}:{' '}
            <span className="break-words">{entry.title}</span>
          </p>
          <p className="text-xs text-muted-foreground">
            {dayOf(entry.at)}
            {entry.by ? ` · by ${entry.by}` : ''}
          </p>
        </>
      );
    case 'form-response':
      return (
        <>
          <p className="font-medium">
            Answered the form <span className="break-words">{entry.formTitle}</span>
          </p>
          <p className="text-xs text-muted-foreground">{dayOf(entry.at)} · through their personal link</p>
          {/* The response whole, opened in place: answers are text, never markup. */}
          <details className="rounded-md bg-muted/50 px-2 py-1">
            <summary className="cursor-pointer text-sm">Show the answers</summary>
            {entry.answers.length === 0 ? (
              <p className="py-1 text-muted-foreground">No question was answered.</p>
            ) : (
              <dl className="space-y-1 py-1">
                {entry.answers.map((answer) => (
                  <div key={answer.fieldId}>
                    <dt className="text-xs text-muted-foreground break-words">{answer.label}</dt>
                    <dd className="break-words whitespace-pre-wrap">{answerShown(answer)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </details>
        </>
      );
    case 'change':
      return (
        <>
          <p className="font-medium">{entry.summary}</p>
          {entry.changes.length > 0 && (
            <ul className="text-muted-foreground">
              {entry.changes.map((change) => (
                <li key={change.label} className="break-words">
                  {change.label}: {change.from} → {change.to}
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted-foreground">
            {dayOf(entry.at)}
            {entry.by ? ` · by ${entry.by}` : ''}
          </p>
        </>
      );
  }
}

/**
 * A partner's timeline (issue 20): contacts, gifts, tasks, changes and, for holders of More
 * (Forms), the forms they answered (issue 21), newest first, with "Show more".
 */
export function PartnerTimeline({ partnerId }: { partnerId: string }) {
  const timeline = usePartnerTimeline(partnerId);
  // Kept after the confirmation closes, so the focus can go back to its opener.
  const [deleting, setDeleting] = useState<{ entry: ContactEntry; opener: HTMLElement | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const entries = timeline.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby={`timeline-${partnerId}`} className="space-y-3">
      <h3 id={`timeline-${partnerId}`} ref={heading} tabIndex={-1} className="font-semibold outline-none">
        Timeline
      </h3>
      {timeline.isPending && <p className="text-sm text-muted-foreground">Loading the timeline...</p>}
      {timeline.isError && (
        <p className="text-sm text-destructive" role="alert">
          The timeline could not be loaded.{' '}
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void timeline.refetch()}>
            Try again
          </Button>
        </p>
      )}
      {timeline.data && entries.length === 0 && (
        <EmptyState icon={History} size="inline">
          Nothing recorded yet.
        </EmptyState>
      )}
      {entries.length > 0 && (
        <ol className="space-y-2" aria-label="Timeline entries">
          {entries.map((entry) => (
            <li
              key={entry.key}
              className="flex gap-2 rounded-md border p-3 text-sm"
              data-timeline-source={entry.source}
            >
              <div className="min-w-0 flex-1 space-y-1">
                <EntryText entry={entry} />
              </div>
              {entry.source === 'contact' && entry.canDelete && (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete ${CONTACT_KIND_LABELS[entry.kind].toLowerCase()} of ${formatDay(entry.date)}`}
                  onClick={(event) => {
                    setDeleting({ entry, opener: event.currentTarget });
                    setConfirming(true);
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ol>
      )}
      {timeline.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          disabled={timeline.isFetchingNextPage}
          onClick={() => void timeline.fetchNextPage()}
        >
          {timeline.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      )}
      <DeleteContactDialog
        partnerId={partnerId}
        target={deleting}
        open={confirming}
        onClose={() => setConfirming(false)}
        returnFocusTo={() => (deleting?.opener?.isConnected ? deleting.opener : heading.current)}
      />
    </section>
  );
}

function DeleteContactDialog({
  partnerId,
  target,
  open,
  onClose,
  returnFocusTo,
}: {
  partnerId: string;
  target: { entry: ContactEntry; opener: HTMLElement | null } | null;
  open: boolean;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null | undefined;
}) {
  const remove = useDeleteContact(partnerId);
  const confirm = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.entry.id);
      toast.success('Contact entry deleted');
    } catch (err) {
      toast.error('Failed to delete contact entry', { description: err instanceof Error ? err.message : String(err) });
    }
  };
  // The kind in lower case within the sentence; the date as every screen writes it ("Dec 01, 2026").
  const label = target
    ? `${CONTACT_KIND_LABELS[target.entry.kind].toLowerCase()} of ${formatDay(target.entry.date)}`
    : '';
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      // Back to the delete button, or to the heading when its entry is gone.
      returnFocusTo={returnFocusTo}
      title="Delete contact entry?"
      description={`This removes the ${label} from the partner's timeline for everyone. The last contact date follows the remaining entries.`}
      confirmLabel="Delete"
      onConfirm={() => void confirm()}
    />
  );
}

import { format } from 'date-fns';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { answerShown } from '#shared/form-answers';
import { FORM_FIELD_TYPE_LABELS } from '#shared/forms';
import { useResponsesSummary, type ResponsesSummary } from '../api/get-responses';
import { DATE_TIME_FORMAT } from '#shared/format';

type FieldSummary = ResponsesSummary['fields'][number];

const figure = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });

/** The summary per field: counts per option, number figures, or the latest answers. */
export function ResponsesSummaryView({ formId }: { formId: string }) {
  const summary = useResponsesSummary(formId);
  if (summary.isPending)
    return (
      <div className="space-y-2" role="status" aria-label="Loading summary">
        <Skeleton className="h-20 w-full" />
      </div>
    );
  if (summary.isError)
    return (
      <LoadError title="Failed to load the summary" error={summary.error} onRetry={() => void summary.refetch()} />
    );
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="Summary per field">
      {summary.data.fields.map((field) => (
        <li key={field.fieldId} className="space-y-2 rounded-lg border p-3">
          <div>
            <p className="font-medium break-words">{field.label}</p>
            <p className="text-xs text-muted-foreground">
              {FORM_FIELD_TYPE_LABELS[field.type]} · {field.answered} answered
              {field.removed && ' · no longer on the form'}
            </p>
          </div>
          <FieldFigures field={field} />
        </li>
      ))}
    </ul>
  );
}

function FieldFigures({ field }: { field: FieldSummary }) {
  if (field.options) {
    const most = Math.max(1, ...field.options.map((o) => o.count));
    return (
      <dl className="space-y-1 text-sm">
        {field.options.map(({ option, count }) => (
          <div key={option} className="grid grid-cols-[1fr_auto] items-center gap-x-2">
            <dt className="break-words">{option}</dt>
            <dd className="tabular-nums">{count}</dd>
            <div className="col-span-2 h-1.5 rounded bg-muted" aria-hidden="true">
              <div className="h-1.5 rounded bg-primary" style={{ width: `${(count / most) * 100}%` }} />
            </div>
          </div>
        ))}
      </dl>
    );
  }
  if (field.numbers !== undefined) {
    if (field.numbers === null) return <p className="text-sm text-muted-foreground">No numbers yet.</p>;
    return (
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            ['Total', field.numbers.total],
            ['Average', field.numbers.average],
            ['Minimum', field.numbers.minimum],
            ['Maximum', field.numbers.maximum],
          ] as const
        ).map(([name, value]) => (
          <div key={name}>
            <dt className="text-xs text-muted-foreground">{name}</dt>
            <dd className="font-medium tabular-nums">{figure(value)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  const latest = field.latest ?? [];
  if (latest.length === 0) return <p className="text-sm text-muted-foreground">No answers yet.</p>;
  return (
    <ul className="space-y-1 text-sm" aria-label={`Latest answers to ${field.label}`}>
      {latest.map((answer, index) => (
        <li key={index} className="break-words">
          {/* A date reads as every date of the portal does ("Dec 13, 2026"), not as stored. */}
          {answerShown({ type: field.type, value: answer.value })}{' '}
          <span className="text-xs text-muted-foreground">
            ({format(new Date(answer.createdAt), DATE_TIME_FORMAT)})
          </span>
        </li>
      ))}
    </ul>
  );
}

import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import type { CsvExport } from '#server/http/csv-stream';
import type { ServiceContext } from '#server/service/context';
import { answerText } from '#shared/form-answers';
import { allResponses, formHead, type FormResponseView } from './responses';
import { sqlRows } from './sql-rows';

/**
 * "Export CSV" of a form's responses (issue 21): one row per response, newest first; the
 * form's current fields in their order, then the fields it no longer has under the label
 * their answers were given to. csvStream neutralises formulas and writes the byte order mark.
 */

interface Column {
  fieldId: string;
  label: string;
}

/** The fields answered in the past that the form no longer has, with their newest label. */
async function removedFields(db: Db, formId: string, current: Set<string>): Promise<Column[]> {
  const rows = await sqlRows<{ field_id: string; label: string }>(
    db,
    sql`select e.value->>'fieldId' as field_id,
          (array_agg(e.value->>'label' order by r.created_at desc, r.id desc))[1] as label
        from form_responses r cross join lateral jsonb_array_elements(r.answers) e
        where r.form_id = ${formId} group by 1 order by min(r.created_at), 1`,
  );
  return rows.filter((row) => !current.has(row.field_id)).map((row) => ({ fieldId: row.field_id, label: row.label }));
}

export function responsesCsv(columns: Column[]): CsvExport<FormResponseView> {
  return {
    bom: true,
    columns: ['Submitted', 'Partner', 'Recipient', ...columns.map((column) => column.label), 'Response id'],
    row: (response) => {
      const byField = new Map(response.answers.map((answer) => [answer.fieldId, answer.value]));
      return [
        new Date(response.createdAt).toISOString(),
        response.partner?.name ?? '',
        response.recipient?.name ?? '',
        ...columns.map((column) => {
          const value = byField.get(column.fieldId);
          return value === undefined ? '' : answerText(value);
        }),
        response.id,
      ];
    },
  };
}

/**
 * The export: recorded first (who exported which form, and how many rows), then its columns,
 * then the responses a batch at a time along the list's keyset.
 */
export async function exportResponses(ctx: ServiceContext, formId: string) {
  const form = await formHead(ctx.db, formId);
  await ctx.change(async (tx) => {
    await tx.record({
      action: 'form.responses_exported',
      subject: { type: 'form', id: formId },
      after: { title: form.title, rows: form.responseCount },
    });
  });
  const current = form.fields.map((field) => ({ fieldId: field.id, label: field.label }));
  const removed = await removedFields(ctx.db, formId, new Set(current.map((column) => column.fieldId)));
  return {
    title: form.title,
    spec: responsesCsv([...current, ...removed]),
    rows: allResponses(ctx.db, formId),
  };
}

import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { answerText, type AnswerValue } from '#shared/form-answers';
import { isChoiceType, type FormFieldType } from '#shared/forms';
import { formHead } from './responses';
import { sqlRows } from './sql-rows';

/**
 * The summary of a form's responses per field (issue 21 item 5), computed by the database: a
 * few grouped queries over the stored answers, never all responses read into the server.
 * Each figure only counts answers stored with the kind of type it sums, so a field whose type
 * changed keeps its older answers readable without spoiling the arithmetic.
 */

/** How many of the newest answers a text or date field shows. */
export const SUMMARY_LATEST = 5;

export interface FieldSummary {
  fieldId: string;
  label: string;
  type: FormFieldType;
  /** True for a field the form no longer has: its answers are kept under their stored label. */
  removed: boolean;
  answered: number;
  /** Choice fields: every option the form offers (0 when nobody chose it), then older stored ones. */
  options?: { option: string; count: number }[];
  /** Number fields: over the answers given as numbers; null when there are none. */
  numbers?: { average: number; minimum: number; maximum: number } | null;
  /** Text, email, phone, long text and date fields: the newest answers, as text. */
  latest?: { value: string; createdAt: string }[];
}

// One row per answer: the response's time and id, and the stored answer object.
const answersOf = (formId: string) => sql`
  select r.id as response_id, r.created_at, e.value as answer
  from form_responses r cross join lateral jsonb_array_elements(r.answers) e
  where r.form_id = ${formId}`;

interface FieldRow {
  field_id: string;
  label: string;
  type: FormFieldType;
  answered: number;
}
interface NumberRow {
  field_id: string;
  average: string;
  minimum: string;
  maximum: string;
}
interface OptionRow {
  field_id: string;
  option: string;
  count: number;
}
interface LatestRow {
  field_id: string;
  value: AnswerValue;
  created_at: string;
}

export async function summarizeResponses(db: Db, formId: string) {
  const form = await formHead(db, formId);
  // Sequential on purpose: a single connection (the embedded database) runs one at a time anyway.
  const perField = await sqlRows<FieldRow>(
    db,
    sql`select a.answer->>'fieldId' as field_id, count(*)::int as answered,
          (array_agg(a.answer->>'label' order by a.created_at desc, a.response_id desc))[1] as label,
          (array_agg(a.answer->>'type' order by a.created_at desc, a.response_id desc))[1] as type
        from (${answersOf(formId)}) a group by 1`,
  );
  const numbers = await sqlRows<NumberRow>(
    db,
    sql`select a.answer->>'fieldId' as field_id, avg((a.answer->>'value')::numeric)::text as average,
          min((a.answer->>'value')::numeric)::text as minimum, max((a.answer->>'value')::numeric)::text as maximum
        from (${answersOf(formId)}) a
        where a.answer->>'type' = 'number' and jsonb_typeof(a.answer->'value') = 'number' group by 1`,
  );
  const options = await sqlRows<OptionRow>(
    db,
    sql`select a.answer->>'fieldId' as field_id, o.value as option, count(*)::int as count
        from (${answersOf(formId)}) a
        cross join lateral jsonb_array_elements_text(
          case jsonb_typeof(a.answer->'value') when 'array' then a.answer->'value' else jsonb_build_array(a.answer->'value') end
        ) o
        where a.answer->>'type' in ('single_choice', 'multiple_choice') group by 1, 2 order by 1, 3 desc, 2`,
  );
  const latest = await sqlRows<LatestRow>(
    db,
    sql`select field_id, value, created_at from (
          select a.answer->>'fieldId' as field_id, a.answer->'value' as value, to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
            row_number() over (partition by a.answer->>'fieldId' order by a.created_at desc, a.response_id desc) as n
          from (${answersOf(formId)}) a
          where a.answer->>'type' not in ('number', 'single_choice', 'multiple_choice')) ranked
        where n <= ${SUMMARY_LATEST} order by field_id, n`,
  );

  const answeredBy = new Map(perField.map((row) => [row.field_id, row]));
  const current = new Set(form.fields.map((field) => field.id));
  const described = [
    ...form.fields.map((field) => ({
      fieldId: field.id,
      label: field.label,
      type: field.type,
      removed: false,
      offered: field.options ?? [],
    })),
    ...perField
      .filter((row) => !current.has(row.field_id))
      .map((row) => ({ fieldId: row.field_id, label: row.label, type: row.type, removed: true, offered: [] })),
  ];

  const fields = described.map(({ offered, ...field }): FieldSummary => {
    const summary: FieldSummary = { ...field, answered: answeredBy.get(field.fieldId)?.answered ?? 0 };
    if (isChoiceType(field.type)) {
      const counted = options.filter((row) => row.field_id === field.fieldId);
      const countOf = new Map(counted.map((row) => [row.option, row.count]));
      summary.options = [
        ...offered.map((option) => ({ option, count: countOf.get(option) ?? 0 })),
        ...counted.filter((row) => !offered.includes(row.option)).map(({ option, count }) => ({ option, count })),
      ];
    } else if (field.type === 'number') {
      const row = numbers.find((n) => n.field_id === field.fieldId);
      summary.numbers = row
        ? { average: Number(row.average), minimum: Number(row.minimum), maximum: Number(row.maximum) }
        : null;
    } else {
      summary.latest = latest
        .filter((row) => row.field_id === field.fieldId)
        .map((row) => ({ value: answerText(row.value), createdAt: row.created_at }));
    }
    return summary;
  });
  return { count: form.responseCount, fields };
}

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
  /** Number fields: over the answers given as numbers (the total answers "how many guests in all"); null when there are none. */
  numbers?: { total: number; average: number; minimum: number; maximum: number } | null;
  /** Text, email, phone, long text and date fields: the newest answers, as text. */
  latest?: { value: string; createdAt: string }[];
}

// One row per answer: the response's time and id, and the stored answer object.
const answersOf = (formId: string) => sql`
  select r.id as response_id, r.created_at, e.value as answer
  from form_responses r cross join lateral jsonb_array_elements(r.answers) e
  where r.form_id = ${formId}`;

interface StatsRow {
  field_id: string;
  answered: number;
  total: string | null;
  average: string | null;
  minimum: string | null;
  maximum: string | null;
}
interface OptionRow {
  field_id: string;
  option: string;
  count: number;
}
interface NewestRow {
  label: string;
  type: FormFieldType;
  value: AnswerValue;
  created_at: string;
}

/**
 * The newest answers to one field, of any type it held, read newest first along
 * form_responses_form_created_idx: it stops after `limit` matches instead of ranking every answer.
 */
function newestAnswers(db: Db, formId: string, fieldId: string, limit: number) {
  return sqlRows<NewestRow>(
    db,
    sql`select e.value->>'label' as label, e.value->>'type' as type, e.value->'value' as value,
          to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from form_responses r cross join lateral jsonb_array_elements(r.answers) e
        where r.form_id = ${formId} and r.answers @> ${JSON.stringify([{ fieldId }])}::jsonb
          and e.value->>'fieldId' = ${fieldId}
        order by r.created_at desc nulls last, r.id desc nulls last limit ${limit}`,
  );
}

export async function summarizeResponses(db: Db, formId: string) {
  const form = await formHead(db, formId);
  // Sequential on purpose: a single connection (the embedded database) runs one at a time anyway.
  // One pass for how many answered each field and the figures of numbers…
  const stats = await sqlRows<StatsRow>(
    db,
    sql`select field_id, count(*)::int as answered, sum(num)::text as total, avg(num)::text as average, min(num)::text as minimum,
          max(num)::text as maximum
        from (select a.answer->>'fieldId' as field_id,
                case when a.answer->>'type' = 'number' and jsonb_typeof(a.answer->'value') = 'number'
                  then (a.answer->>'value')::numeric end as num
              from (${answersOf(formId)}) a) answers
        group by 1`,
  );
  // …one for the options chosen…
  const options = await sqlRows<OptionRow>(
    db,
    sql`select a.answer->>'fieldId' as field_id, o.value as option, count(*)::int as count
        from (${answersOf(formId)}) a
        cross join lateral jsonb_array_elements_text(
          case jsonb_typeof(a.answer->'value') when 'array' then a.answer->'value' else jsonb_build_array(a.answer->'value') end
        ) o
        where a.answer->>'type' in ('single_choice', 'multiple_choice') group by 1, 2 order by 1, 3 desc, 2`,
  );
  const statsOf = new Map(stats.map((row) => [row.field_id, row]));
  const current = new Set(form.fields.map((field) => field.id));

  // …and, per field, its newest answers (and a removed field's newest label and type).
  const removed = [];
  for (const row of stats
    .filter((r) => !current.has(r.field_id))
    .sort((a, b) => a.field_id.localeCompare(b.field_id))) {
    const [newest] = await newestAnswers(db, formId, row.field_id, 1);
    if (newest)
      removed.push({ fieldId: row.field_id, label: newest.label, type: newest.type, removed: true, offered: [] });
  }
  const described = [
    ...form.fields.map((field) => ({
      fieldId: field.id,
      label: field.label,
      type: field.type,
      removed: false,
      offered: field.options ?? [],
    })),
    ...removed,
  ];

  const fields: FieldSummary[] = [];
  for (const { offered, ...field } of described) {
    const row = statsOf.get(field.fieldId);
    const summary: FieldSummary = { ...field, answered: row?.answered ?? 0 };
    if (isChoiceType(field.type)) {
      const counted = options.filter((o) => o.field_id === field.fieldId);
      const countOf = new Map(counted.map((o) => [o.option, o.count]));
      summary.options = [
        ...offered.map((option) => ({ option, count: countOf.get(option) ?? 0 })),
        ...counted.filter((o) => !offered.includes(o.option)).map(({ option, count }) => ({ option, count })),
      ];
    } else if (field.type === 'number') {
      summary.numbers =
        row?.average != null
          ? {
              total: Number(row.total),
              average: Number(row.average),
              minimum: Number(row.minimum),
              maximum: Number(row.maximum),
            }
          : null;
    } else {
      // Every answer it holds, as text: a field that was a number or a choice before still lists
      // its earlier answers (counted as answered, they were listed nowhere: "1 answered, No answers yet").
      const latest = row ? await newestAnswers(db, formId, field.fieldId, SUMMARY_LATEST) : [];
      summary.latest = latest.map((answer) => ({ value: answerText(answer.value), createdAt: answer.created_at }));
    }
    fields.push(summary);
  }
  return { count: form.responseCount, fields };
}

import { answerShown, type AnswerValue } from '#shared/form-answers';

export interface ResponseRow {
  fieldId: string;
  label: string;
  /** The answer as the screens show it; null for a question the form has that was left blank. */
  shown: string | null;
}

/**
 * A response's questions, for reading it whole: the form's questions in their order, each
 * with its answer under the label it was answered to, or null where an optional one was left
 * blank (only answers are stored, `checkAnswers`); then answers to questions removed since.
 * A question added after the response was sent also reads as left blank: the response does
 * not record which questions it was shown.
 */
export function responseRows(
  answers: readonly { fieldId: string; label: string; type: string; value: AnswerValue }[],
  fields: readonly { id: string; label: string }[],
): ResponseRow[] {
  const byField = new Map(answers.map((answer) => [answer.fieldId, answer]));
  const rows: ResponseRow[] = fields.map((field) => {
    const answer = byField.get(field.id);
    byField.delete(field.id);
    return answer
      ? { fieldId: field.id, label: answer.label, shown: answerShown(answer) }
      : { fieldId: field.id, label: field.label, shown: null };
  });
  for (const answer of byField.values())
    rows.push({ fieldId: answer.fieldId, label: answer.label, shown: answerShown(answer) });
  return rows;
}

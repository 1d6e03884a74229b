import { useId, useState } from 'react';
import { AnswerField, emptyDraft, type AnswerDraft, type AnswerFieldShape } from './answer-field';

/**
 * The form as a partner would see it on the public page: each field drawn by the same
 * component (`AnswerField`), so the builder shows choices, dates and optional fields as they
 * will appear. What is typed here is only for trying it out and is never sent.
 */
export function FormPreview({
  title,
  description,
  fields,
  headingLevel = 3,
}: {
  title: string;
  description: string | null;
  /** The saved form's fields, or the builder's as it would save them. */
  fields: AnswerFieldShape[];
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [drafts, setDrafts] = useState<Record<string, AnswerDraft>>({});
  return (
    <div className="space-y-4">
      <div>
        <Heading className="text-lg font-semibold break-words">{title.trim() || 'Untitled form'}</Heading>
        {description?.trim() && (
          <p className="text-sm break-words whitespace-pre-wrap text-muted-foreground">{description}</p>
        )}
      </div>
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
          Fields you add appear here.
        </p>
      ) : (
        <div className="space-y-4">
          {fields.map((field, index) => {
            const stored = drafts[field.id];
            // A field whose type changed keeps no draft of the wrong shape.
            const value =
              stored !== undefined && Array.isArray(stored) === (field.type === 'multiple_choice')
                ? stored
                : emptyDraft(field.type);
            return (
              <AnswerField
                key={field.id}
                field={field}
                inputId={`${id}-${field.id}`}
                value={value}
                fallbackLabel={`Field ${index + 1}`}
                onChange={(next) => setDrafts((all) => ({ ...all, [field.id]: next }))}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}

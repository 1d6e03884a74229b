import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { FormFieldType } from '#shared/schemas/forms';

export interface PreviewField {
  id: string;
  label: string;
  type: FormFieldType;
}

const INPUT_TYPES: Record<Exclude<FormFieldType, 'textarea'>, string> = {
  text: 'text',
  email: 'email',
  phone: 'tel',
  number: 'number',
  // Until the preview draws choices and dates as the public page does (issue 21), a text box.
  date: 'date',
  single_choice: 'text',
  multiple_choice: 'text',
};

/**
 * The form as a partner would see it. Every field is required (SPEC: new fields always are),
 * shown with an asterisk. Labels are text, never HTML.
 */
export function FormPreview({
  title,
  description,
  fields,
  headingLevel = 3,
}: {
  title: string;
  description: string | null;
  fields: PreviewField[];
  headingLevel?: 2 | 3;
}) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
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
            const inputId = `${id}-${field.id}`;
            const label = field.label.trim() || `Field ${index + 1}`;
            return (
              <div key={field.id} className="space-y-2">
                <Label htmlFor={inputId} className="break-words">
                  {label}
                  <span className="text-destructive" aria-hidden="true">
                    {' '}
                    *
                  </span>
                </Label>
                {field.type === 'textarea' ? (
                  <Textarea id={inputId} required />
                ) : (
                  <Input id={inputId} type={INPUT_TYPES[field.type]} required />
                )}
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}

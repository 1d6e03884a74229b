import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { checkAnswer, FORM_ERROR_KEY } from '#shared/form-answers';
import { HONEYPOT_FIELD } from '#shared/forms';
import type { PublicFormView } from '#shared/public-forms';
import { loadPublicForm, submitPublicResponse } from '../api/public-form';
import { AnswerField, emptyDraft, type AnswerDraft } from './answer-field';
import { afterPointerRelease } from '@/lib/after-pointer-release';

/** The page's frame: one readable column, comfortable at 390 px wide. */
function Frame({ ministry, children }: { ministry?: string; children: ReactNode }) {
  return (
    <main className="min-h-screen bg-muted/40 px-4 py-8 sm:py-12">
      <div className="mx-auto w-full max-w-xl space-y-6">
        {ministry && <p className="text-sm font-semibold tracking-wide text-primary uppercase">{ministry}</p>}
        <div className="rounded-xl border bg-card p-5 shadow-sm sm:p-8">{children}</div>
      </div>
    </main>
  );
}

/** A message in place of the form (a dead, closed or used link; a network failure). */
function Notice({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="space-y-3">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        {title}
      </h1>
      <p className="text-muted-foreground">{message}</p>
      {action}
    </div>
  );
}

/**
 * /f/<token> (issue 21): a form's public or personal link, answered with no account. The
 * ministry's name, the form, each field by its type with the same rules the server applies
 * (shown next to the field when the person leaves it and on submit), the server's own verdict
 * shown the same way, a honeypot people never meet, and the thank-you message.
 */
export function PublicFormPage() {
  const { token = '' } = useParams();
  const form = useQuery({
    queryKey: ['public-form', token],
    queryFn: () => loadPublicForm(token),
    retry: false,
    refetchOnWindowFocus: false,
  });
  usePageTitle(form.data?.kind === 'form' ? form.data.form.title : 'Form');

  if (form.isPending) {
    return (
      <Frame>
        <p role="status" className="text-muted-foreground">
          Loading the form...
        </p>
      </Frame>
    );
  }
  // A refetch that fails keeps the form on screen with what was typed (the error is said on sending).
  if (form.isError && form.data === undefined) {
    return (
      <Frame>
        <Notice
          title="The form could not be loaded"
          message={form.error instanceof Error ? form.error.message : String(form.error)}
          action={<Button onClick={() => void form.refetch()}>Try again</Button>}
        />
      </Frame>
    );
  }
  if (form.data.kind === 'unavailable') {
    return (
      <Frame>
        <Notice title="This form is not available" message={form.data.message} />
      </Frame>
    );
  }
  return <FillIn token={token} form={form.data.form} />;
}

type Errors = Record<string, string>;

function FillIn({ token, form }: { token: string; form: PublicFormView }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, AnswerDraft>>(() =>
    Object.fromEntries(form.fields.map((field) => [field.id, emptyDraft(field.type)])),
  );
  const [errors, setErrors] = useState<Errors>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [honeypot, setHoneypot] = useState('');
  // Fields the person has changed: only those say "required" as the focus leaves them, so
  // moving through the form by keyboard does not paint every untouched field red.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'thanks' | 'gone'; message: string } | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  // Answers typed and not sent: closing the tab asks first. Once sent (or refused for good) nothing is left.
  useUnsavedChanges(
    outcome === null &&
      Object.values(drafts).some((value) => (Array.isArray(value) ? value.length > 0 : value.trim() !== '')),
  );

  const inputIdOf = (fieldId: string) => `${id}-${fieldId}`;
  const errorOf = (fieldId: string) => {
    const field = form.fields.find((f) => f.id === fieldId)!;
    const checked = checkAnswer(field, drafts[fieldId] ?? emptyDraft(field.type));
    return 'error' in checked ? checked.error : null;
  };
  const setError = (fieldId: string, message: string | null) =>
    setErrors((all) => {
      const { [fieldId]: _gone, ...rest } = all;
      return message ? { ...rest, [fieldId]: message } : rest;
    });
  /** The first field with an error, focused: its error is read out with it. */
  const focusFirst = (found: Errors) => {
    const first = form.fields.find((field) => found[field.id]);
    if (!first) return summaryRef.current?.focus();
    const input = document.getElementById(inputIdOf(first.id)) ?? document.getElementById(`${inputIdOf(first.id)}-0`);
    input?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    for (const field of form.fields) {
      const message = errorOf(field.id);
      if (message) found[field.id] = message;
    }
    setErrors(found);
    const count = Object.keys(found).length;
    if (count > 0) {
      setSummary(
        count === 1 ? 'Please correct the answer marked below.' : `Please correct the ${count} answers marked below.`,
      );
      focusFirst(found);
      return;
    }
    setSummary(null);
    setPending(true);
    try {
      // The questions on screen only: a draft of a question since removed is not sent.
      const asked = new Set(form.fields.map((field) => field.id));
      const answers = Object.fromEntries(
        Object.entries(drafts).filter(
          ([fieldId, value]) => asked.has(fieldId) && (Array.isArray(value) ? value.length > 0 : value.trim() !== ''),
        ),
      );
      const result = await submitPublicResponse(token, answers, honeypot);
      if (result.kind === 'accepted') {
        setOutcome({ kind: 'thanks', message: result.thankYouMessage || form.thankYouMessage });
        return;
      }
      const { refusal } = result;
      if (refusal.reason) {
        setOutcome({ kind: 'gone', message: refusal.error });
        return;
      }
      const { [FORM_ERROR_KEY]: formError, ...fieldErrors } = refusal.fieldErrors ?? {};
      setErrors(fieldErrors);
      // The form changed while it was being answered (a question added, removed or changed):
      // its questions are read again, and the answers typed stay with the questions that
      // remain. It said "Reload the page", and a reload emptied every answer.
      const changed = formError !== undefined || Object.keys(fieldErrors).some((fieldId) => !asked.has(fieldId));
      if (changed) {
        await queryClient.invalidateQueries({ queryKey: ['public-form', token] });
        setSummary(
          'The form was changed while you were answering. Its questions are shown as they are now, with your answers to those that remain: please check them and send again.',
        );
        summaryRef.current?.focus();
        return;
      }
      setSummary(formError ?? refusal.error);
      if (Object.keys(fieldErrors).length > 0) focusFirst(fieldErrors);
      else summaryRef.current?.focus();
    } catch (err) {
      setSummary(err instanceof Error ? err.message : String(err));
      summaryRef.current?.focus();
    } finally {
      setPending(false);
    }
  };

  if (outcome) {
    return (
      <Frame ministry={form.ministryName}>
        <Notice
          title={outcome.kind === 'thanks' ? 'Thank you' : 'This form is not available'}
          message={outcome.message}
        />
      </Frame>
    );
  }

  return (
    <Frame ministry={form.ministryName}>
      <div className="mb-6 space-y-2">
        <h1 className="text-2xl font-bold break-words">{form.title}</h1>
        {form.description && (
          <p className="break-words whitespace-pre-wrap text-muted-foreground">{form.description}</p>
        )}
        {form.recipientName && (
          <p className="text-sm text-muted-foreground">This link was sent to {form.recipientName}.</p>
        )}
        <p className="text-sm text-muted-foreground">
          Questions marked <span aria-hidden="true">*</span>
          <span className="sr-only">with an asterisk</span> are required.
        </p>
      </div>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={form.title} className="space-y-6">
        <div ref={summaryRef} tabIndex={-1} role="alert" className="outline-none">
          {summary && (
            <p className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
              {summary}
            </p>
          )}
        </div>
        {form.fields.map((field) => (
          <AnswerField
            key={field.id}
            field={field}
            inputId={inputIdOf(field.id)}
            value={drafts[field.id] ?? emptyDraft(field.type)}
            error={errors[field.id]}
            onChange={(value) => {
              setDrafts((all) => ({ ...all, [field.id]: value }));
              setTouched((all) => (all.has(field.id) ? all : new Set(all).add(field.id)));
              // A choice is complete once made: its error clears (or shows) at once.
              if (field.type === 'single_choice' || errors[field.id]) {
                const checked = checkAnswer(field, value);
                setError(field.id, 'error' in checked ? checked.error : null);
              }
            }}
            onLeave={() => {
              if (!touched.has(field.id) && !errors[field.id]) return;
              // Left by pressing on the next question: its error waits for that click to land.
              afterPointerRelease(() => setError(field.id, errorOf(field.id)));
            }}
          />
        ))}
        {/* The honeypot (decision 0120): off screen, hidden from screen readers, out of the tab order. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this empty</label>
          <input
            id={`${id}-${HONEYPOT_FIELD}`}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(event) => setHoneypot(event.target.value)}
          />
        </div>
        <Button type="submit" className="w-full sm:w-auto" disabled={pending}>
          {pending ? 'Sending...' : 'Submit'}
        </Button>
      </form>
    </Frame>
  );
}

import { Copy, Send, UserPlus, X } from 'lucide-react';
import { useId, useRef, useState, type RefObject } from 'react';
import { focusWhenDrawn } from '@/lib/focus-when-drawn';
import { actionToasts, toast } from '@/lib/toast';
import { ComboboxOptions, useCombobox } from '@/components/combobox';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useMe } from '@/features/auth/api/get-me';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { FORM_SEND_MAX_RECIPIENTS, type SendFormResult } from '#shared/schemas/form-send';
import { sendFormSchema } from '#shared/schemas/forms';
import { useForms } from '../api/get-forms';
import { usePartnerChoices, useSendForm, type PartnerChoice } from '../api/send-form';

// Sending's toasts: a send that works closes the error of the try before (lib/toast.ts).
const sendToasts = actionToasts('send-form');

/** A recipient chosen so far: a partner from the directory, or a typed name and email. */
type Recipient = { kind: 'partner'; partner: PartnerChoice } | { kind: 'typed'; name: string; email: string };

const keyOf = (r: Recipient) => (r.kind === 'partner' ? `p:${r.partner.id}` : `e:${r.email.toLowerCase()}`);
const nameOf = (r: Recipient) => (r.kind === 'partner' ? r.partner.name : r.name);
const emailOf = (r: Recipient) => (r.kind === 'partner' ? r.partner.email : r.email);

/**
 * Send to Partners (issue 21 item 4): choose a form, then partners from the directory (for
 * holders of Partners) or typed names and emails; each gets a personal link by email through
 * the outbox. The answer lists every link with Copy link, and says plainly when email is not
 * set up and the messages wait in the outbox.
 */
export function SendForm() {
  const id = useId();
  const me = useMe();
  const canPickPartners = me.data?.permissions.partners === true;
  const forms = useForms();
  const send = useSendForm();
  const [formId, setFormId] = useState('');
  const [recipients, setRecipients] = useState<Recipient[]>([]);
  const [partnerName, setPartnerName] = useState('');
  const [partnerEmail, setPartnerEmail] = useState('');
  const [result, setResult] = useState<SendFormResult | null>(null);
  const sentStatus = useRef<HTMLParagraphElement>(null);
  useUnsavedChanges(recipients.length > 0 || partnerName.trim() !== '' || partnerEmail.trim() !== '');

  const chosenFormId = formId || forms.data?.[0]?.id || '';
  const add = (recipient: Recipient) => {
    setRecipients((all) => (all.some((r) => keyOf(r) === keyOf(recipient)) ? all : [...all, recipient]));
  };

  /** The typed name and email as a recipient, checked with the spec's messages; null when refused. */
  const typedRecipient = (): Recipient | null => {
    const parsed = sendFormSchema.safeParse({ partnerName, partnerEmail });
    if (!parsed.success) {
      sendToasts.error(parsed.error.issues[0]!.message);
      return null;
    }
    return { kind: 'typed', name: parsed.data.partnerName, email: parsed.data.partnerEmail };
  };

  const addTyped = () => {
    const typed = typedRecipient();
    if (!typed) return;
    add(typed);
    setPartnerName('');
    setPartnerEmail('');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    if (!chosenFormId) {
      sendToasts.error('Please fill in all required fields');
      return;
    }
    let all = recipients;
    // Typed but not added yet (the spec's two fields and a Send button): sent along.
    if (partnerName.trim() || partnerEmail.trim() || all.length === 0) {
      const typed = typedRecipient();
      if (!typed) return;
      all = all.some((r) => keyOf(r) === keyOf(typed)) ? all : [...all, typed];
    }
    try {
      const sent = await send.mutateAsync({
        formId: chosenFormId,
        recipients: all.map((r) =>
          r.kind === 'partner' ? { partnerId: r.partner.id } : { partnerName: r.name, partnerEmail: r.email },
        ),
      });
      setResult(sent);
      // The links sent take the focus: what the button did, and the way to copy each one.
      void focusWhenDrawn(() => sentStatus.current);
      setRecipients([]);
      setPartnerName('');
      setPartnerEmail('');
      const first = sent.recipients[0];
      sendToasts.success(
        sent.recipients.length === 1 && first
          ? `Form sent to ${first.name} at ${first.email}`
          : `Form sent to ${sent.recipients.length} recipients`,
      );
    } catch (err) {
      sendToasts.error('Failed to send form', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle className="text-xl">Send to Partners</CardTitle>
        <CardDescription>Each person gets their own link, so their answer is tied to them.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate aria-label="Send to Partners">
          <div className="space-y-2">
            <Label htmlFor={`${id}-form`}>Form</Label>
            {forms.isPending && <p className="text-sm text-muted-foreground">Loading forms...</p>}
            {forms.isError && (
              <p className="text-sm text-destructive" role="alert">
                The forms could not be loaded.{' '}
                <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void forms.refetch()}>
                  Try again
                </Button>
              </p>
            )}
            {forms.data?.length === 0 && (
              <p className="text-sm text-muted-foreground">Create a form first: it can then be sent from here.</p>
            )}
            {forms.data && forms.data.length > 0 && (
              <NativeSelect id={`${id}-form`} value={chosenFormId} onChange={(e) => setFormId(e.target.value)}>
                {forms.data.map((form) => (
                  <option key={form.id} value={form.id}>
                    {form.title}
                  </option>
                ))}
              </NativeSelect>
            )}
          </div>

          {canPickPartners && (
            <PartnerPicker
              id={`${id}-partner`}
              onPick={(partner) => {
                if (!partner.email.trim()) {
                  toast.error(`${partner.name} has no email address`, {
                    description: 'Type a name and email below instead.',
                  });
                  return;
                }
                add({ kind: 'partner', partner });
              }}
            />
          )}

          <fieldset className="space-y-3">
            <legend className="text-sm font-medium">
              {canPickPartners ? 'Or type a name and email' : 'Recipient'}
            </legend>
            <div className="space-y-2">
              <Label htmlFor={`${id}-name`}>Partner Name</Label>
              <Input
                id={`${id}-name`}
                value={partnerName}
                maxLength={100}
                autoComplete="off"
                onChange={(e) => setPartnerName(e.target.value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor={`${id}-email`}>Partner Email</Label>
              <Input
                id={`${id}-email`}
                type="email"
                value={partnerEmail}
                maxLength={255}
                autoComplete="off"
                onChange={(e) => setPartnerEmail(e.target.value)}
              />
            </div>
            <Button type="button" variant="outline" size="sm" onClick={addTyped}>
              <UserPlus aria-hidden="true" />
              Add recipient
            </Button>
          </fieldset>

          {recipients.length > 0 && (
            <div className="space-y-2">
              <h3 className="text-sm font-medium">
                Recipients ({recipients.length} of at most {FORM_SEND_MAX_RECIPIENTS})
              </h3>
              <ul className="space-y-1" aria-label="Recipients">
                {recipients.map((r) => (
                  <li key={keyOf(r)} className="flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm">
                    <span className="min-w-0 flex-1 break-words">
                      <span className="font-medium">{nameOf(r)}</span>{' '}
                      <span className="text-muted-foreground">{emailOf(r)}</span>
                    </span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${nameOf(r)}`}
                      onClick={() => setRecipients((all) => all.filter((x) => keyOf(x) !== keyOf(r)))}
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          )}

          {/* Busy, not disabled, while it sends: a disabled button dropped the focus to the page. */}
          <Button type="submit" aria-busy={send.isPending || undefined}>
            <Send aria-hidden="true" />
            {send.isPending ? 'Sending...' : 'Send Form'}
          </Button>
        </form>

        {result && <SentLinks result={result} statusRef={sentStatus} />}
      </CardContent>
    </Card>
  );
}

/** What was sent: each recipient's personal link, and whether the email left or waits in the outbox. */
function SentLinks({
  result,
  statusRef,
}: {
  result: SendFormResult;
  statusRef: RefObject<HTMLParagraphElement | null>;
}) {
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Link copied');
    } catch {
      toast.error('The link could not be copied', { description: 'Select it and copy it by hand.' });
    }
  };
  return (
    <section aria-label="Sent links" className="space-y-3 rounded-lg border bg-muted/40 p-4">
      <p ref={statusRef} role="status" tabIndex={-1} className="text-sm focus-visible:outline-none">
        {result.emailEnabled
          ? 'The emails are on their way. Each link below works once, for its recipient.'
          : 'Email is not set up yet, so the messages are queued in the outbox until it is. Copy each link to share it another way.'}
      </p>
      <ul className="space-y-3">
        {result.recipients.map((recipient) => (
          <li key={recipient.id} className="space-y-1 text-sm">
            <p className="break-words">
              <span className="font-medium">{recipient.name}</span>{' '}
              <span className="text-muted-foreground">{recipient.email}</span>{' '}
              <span className="text-muted-foreground">· {result.emailEnabled ? 'emailed' : 'queued'}</span>
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code className="min-w-0 flex-1 rounded bg-card px-2 py-1 text-xs break-all">{recipient.link}</code>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Copy link for ${recipient.name}`}
                onClick={() => void copy(recipient.link)}
              >
                <Copy aria-hidden="true" />
                Copy link
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The partner type-ahead (ARIA combobox): names from the directory as you type; Enter or a click adds one. */
function PartnerPicker({ id, onPick }: { id: string; onPick: (partner: PartnerChoice) => void }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const choices = usePartnerChoices(text, open);
  const options = text.trim() === '' ? [] : (choices.data ?? []);
  const combobox = useCombobox({
    options,
    open,
    setOpen,
    enterPicksFirst: true,
    onPick: (partner: PartnerChoice) => {
      onPick(partner);
      setText('');
    },
  });

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Find a partner</Label>
      <div className="relative">
        <Input
          id={id}
          {...combobox.inputProps}
          placeholder="Type a partner's name"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            combobox.typed();
          }}
        />
        <ComboboxOptions combobox={combobox} options={options} label="Partners" keyOf={(option) => option.id}>
          {(option) => (
            <>
              <span className="font-medium">{option.name}</span>
              <span className="ml-2 text-muted-foreground">{option.email || 'no email'}</span>
            </>
          )}
        </ComboboxOptions>
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {open && text.trim() && choices.isFetched && options.length === 0 ? 'No partner has that name.' : ''}
      </p>
    </div>
  );
}

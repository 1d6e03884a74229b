import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { formRecipients, forms } from '#server/db/schema';
import type { QueuedEmail } from '#server/mail/outbox';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { publicFormPath } from '#shared/forms';
import type { FormRecipientValue, SendFormResult } from '#shared/schemas/form-send';

/** What sending asks of the partner directory (src/server/feature-wiring.ts): names and emails by id. */
export interface FormSendPartners {
  contacts(db: Db, ids: readonly string[]): Promise<{ id: string; name: string; email: string }[]>;
}

interface Addressee {
  name: string;
  email: string;
  partnerId: string | null;
}

/** The directory's partners and the typed people, each once (by partner, else by email). */
async function addressees(ctx: ServiceContext, partners: FormSendPartners, recipients: FormRecipientValue[]) {
  const ids = [...new Set(recipients.flatMap((r) => ('partnerId' in r ? [r.partnerId] : [])))];
  if (ids.length > 0 && !ctx.actor.permissions.partners) {
    refuse(403, 'Choosing partners from the directory needs the Partners permission. Type a name and email instead.');
  }
  const found = new Map((await partners.contacts(ctx.db, ids)).map((p) => [p.id, p]));
  const list: Addressee[] = [];
  const seen = new Set<string>();
  for (const recipient of recipients) {
    let addressee: Addressee;
    if ('partnerId' in recipient) {
      const partner = found.get(recipient.partnerId);
      if (!partner) refuse(404, 'Partner not found. They may have been merged or deleted; choose them again.');
      if (!partner.email.trim()) {
        refuse(400, `${partner.name} has no email address in the directory. Type an email address for them instead.`);
      }
      addressee = { name: partner.name.slice(0, 100), email: partner.email.trim(), partnerId: partner.id };
    } else {
      addressee = { name: recipient.name, email: recipient.email, partnerId: null };
    }
    const key = addressee.partnerId ?? addressee.email.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    list.push(addressee);
  }
  return list;
}

function invitation(
  ministry: string,
  form: { title: string; description: string | null },
  to: Addressee,
  link: string,
): QueuedEmail {
  return {
    kind: 'form-invitation',
    to: { address: to.email, name: to.name },
    recipientName: to.name,
    toPartner: true,
    subject: `${ministry} asks you to fill in: ${form.title}`,
    paragraphs: [
      `${ministry} would like you to fill in the form "${form.title}".`,
      ...(form.description ? [form.description] : []),
      'This link is yours alone, so your answer reaches us with your name. It can be used once.',
    ],
    action: { label: 'Open the form', url: link },
  };
}

/**
 * "Send to Partners" (issue 21 item 4): a personal link (a `form_recipients` row) per
 * recipient and an email through the outbox, in one change. Without email configured the
 * emails wait in the outbox (D14) and the answer says so, with each link to copy.
 */
export async function sendForm(
  ctx: ServiceContext,
  partners: FormSendPartners,
  ministryName: string,
  formId: string,
  recipients: FormRecipientValue[],
): Promise<SendFormResult> {
  return ctx.change(async (tx) => {
    const [form] = await tx.db
      .select({ id: forms.id, title: forms.title, description: forms.description, status: forms.status })
      .from(forms)
      .where(eq(forms.id, formId))
      .for('share');
    if (!form) refuse(404, 'Form not found');
    if (form.status === 'closed') refuse(409, 'This form is closed. Open it again before sending it.');
    const list = await addressees(tx, partners, recipients);
    const rows = await tx.db
      .insert(formRecipients)
      .values(list.map((a) => ({ formId, partnerId: a.partnerId, name: a.name, email: a.email, sentBy: tx.actor.id })))
      .returning({
        id: formRecipients.id,
        name: formRecipients.name,
        email: formRecipients.email,
        partnerId: formRecipients.partnerId,
        token: formRecipients.token,
      });
    const baseUrl = tx.deps.config.BASE_URL;
    const sent = rows.map(({ token, ...row }) => ({ ...row, link: `${baseUrl}${publicFormPath(token)}` }));
    await tx.deps.mail.queueAll(
      tx.db,
      sent.map((row) => invitation(ministryName, form, { ...row }, row.link)),
    );
    await tx.record({
      action: 'form.sent',
      subject: { type: 'form', id: formId },
      // The links are left out: each is its recipient's key to the form.
      after: { title: form.title, recipients: sent.map(({ link: _link, ...row }) => row) },
    });
    return { emailEnabled: tx.deps.mail.enabled, recipients: sent };
  });
}

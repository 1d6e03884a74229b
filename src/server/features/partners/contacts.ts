import { and, eq } from 'drizzle-orm';
import { partnerContacts, partners } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { lockedRow } from '#server/service/locked-row';
import type { ContactValues } from '#shared/schemas/partner-contacts';
import { partnersChanged } from './service';
import { canDeleteContact } from './timeline-contacts';

/** A contact entry's change record is about the entry; its partner is named in it. */
const subject = (id: string) => ({ type: 'partner_contact', id });

const contactColumns = {
  id: partnerContacts.id,
  partnerId: partnerContacts.partnerId,
  kind: partnerContacts.kind,
  contactDate: partnerContacts.contactDate,
  body: partnerContacts.body,
  createdBy: partnerContacts.createdBy,
  createdAt: partnerContacts.createdAt,
};

/** The partner's last contact after the trigger of migration 0021 kept it. */
async function lastContactOf(db: ServiceContext['db'], partnerId: string) {
  const [row] = await db.select({ lastContact: partners.lastContact }).from(partners).where(eq(partners.id, partnerId));
  return row?.lastContact ?? null;
}

/**
 * Logs a call, visit, email, letter, meeting, prayer request or note on a partner, made by the
 * acting person. partners.last_contact follows from the log (the trigger), never from a form.
 */
export async function logContact(ctx: ServiceContext, partnerId: string, values: ContactValues) {
  return ctx.change(async (tx) => {
    // Locked, so a partner deleted meanwhile cannot take the entry with it unnoticed.
    await lockedRow(
      tx.db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId)),
      404,
      'Partner not found',
    );
    const [contact] = await tx.db
      .insert(partnerContacts)
      .values({
        partnerId,
        kind: values.kind,
        contactDate: values.date,
        body: values.body,
        createdBy: tx.actor.id,
      })
      .returning(contactColumns);
    await tx.record({
      action: 'partner.contact_logged',
      subject: subject(contact!.id),
      announce: partnersChanged(partnerId),
      after: contact,
    });
    return { contact: contact!, lastContact: await lastContactOf(tx.db, partnerId) };
  });
}

/** Deletes a contact entry: its author or an admin (decision 0115); anyone else gets a 403. */
export async function deleteContact(ctx: ServiceContext, partnerId: string, contactId: string) {
  return ctx.change(async (tx) => {
    const existing = await lockedRow(
      tx.db
        .select(contactColumns)
        .from(partnerContacts)
        .where(and(eq(partnerContacts.id, contactId), eq(partnerContacts.partnerId, partnerId))),
      404,
      'Contact entry not found',
    );
    if (!canDeleteContact(existing.createdBy, tx.actor))
      refuse(403, 'Only the person who logged this contact or an admin can delete it.');
    await tx.db.delete(partnerContacts).where(eq(partnerContacts.id, contactId));
    await tx.record({
      action: 'partner.contact_deleted',
      subject: subject(contactId),
      announce: partnersChanged(partnerId),
      before: existing,
    });
    return { id: contactId, lastContact: await lastContactOf(tx.db, partnerId) };
  });
}

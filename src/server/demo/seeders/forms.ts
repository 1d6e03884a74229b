import { asc, eq } from 'drizzle-orm';
import { formRecipients, formResponses, forms, partners } from '#server/db/schema';
import { checkAnswers } from '#shared/form-answers';
import type { FormField } from '#shared/schemas/forms';
import type { DemoContext } from '../seed';

const field = (id: string, label: string, type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
  id,
  label,
  type,
  required: true,
  ...extra,
});

const INTEREST_FIELDS = [
  field('name', 'Full name', 'text'),
  field('email', 'Email address', 'email'),
  field('phone', 'Phone number', 'phone', { required: false }),
  field('ways', 'How would you like to get involved?', 'multiple_choice', {
    options: ['Prayer', 'Giving', 'Volunteering', 'Hosting a gathering'],
  }),
  field('why', 'Anything you would like us to know?', 'textarea', { required: false }),
];

const VOLUNTEER_FIELDS = [
  field('name', 'Full name', 'text'),
  field('email', 'Email address', 'email'),
  field('guests', 'Number of guests', 'number', { min: 0, max: 20, wholeNumber: true }),
  field('shift', 'Preferred shift', 'single_choice', { options: ['Set-up', 'Serving', 'Clean-up'] }),
  field('arrival', 'Arrival date', 'date', { required: false }),
];

const INTEREST_ANSWERS: Record<string, unknown>[] = [
  { name: 'Daniel Mensah', email: 'daniel.mensah@example.org', ways: ['Prayer', 'Giving'] },
  { name: 'Ruth Alvarez', email: 'ruth.alvarez@example.org', phone: '+1 555 0142', ways: ['Volunteering'] },
  {
    name: 'Peter Lindqvist',
    email: 'peter.l@example.org',
    ways: ['Hosting a gathering', 'Prayer'],
    why: 'We have a large living room and would love to host a monthly evening.',
  },
];

const VOLUNTEER_ANSWERS: Record<string, unknown>[] = [
  { name: 'Esther Nakamura', email: 'esther.n@example.org', guests: 2, shift: 'Serving', arrival: '2026-12-12' },
  { name: 'Tom Okoro', email: 'tom.okoro@example.org', guests: 0, shift: 'Set-up' },
  { name: 'Lydia Brandt', email: 'lydia.b@example.org', guests: 4, shift: 'Serving', arrival: '2026-12-13' },
];

const DAY = 24 * 60 * 60 * 1000;

/** The stored answers of a demo response, checked by the same rules as a real one. */
function answersOf(fields: FormField[], raw: Record<string, unknown>) {
  const checked = checkAnswers(fields, raw);
  if (!checked.ok) throw new Error(`demo answers do not fit the form: ${checked.message}`);
  return checked.answers;
}

/**
 * The team's sample forms (issue 21): the new field types, some optional fields, a closing
 * date and a limit, and a few responses, among them answers from partners' personal links.
 */
export async function seedDemoForms({ db, users, now }: DemoContext) {
  const [sarah] = users.coordinators;
  const [interest, volunteer] = await db
    .insert(forms)
    .values([
      {
        userId: users.admin.id,
        title: 'Partner Interest Form',
        description: 'For people who would like to support the ministry.',
        fields: INTEREST_FIELDS,
        thankYouMessage: 'Thank you! Someone from our team will be in touch within a week.',
        // Made before its answers came in (responses below), as every form is.
        createdAt: new Date(now.getTime() - 21 * DAY),
      },
      {
        userId: sarah!.id,
        title: 'Event Volunteer Sign-up',
        description: 'Volunteers for the partner appreciation dinner.',
        fields: VOLUNTEER_FIELDS,
        closesAt: new Date(now.getTime() + 21 * DAY),
        responseLimit: 40,
        createdAt: new Date(now.getTime() - 8 * DAY),
      },
    ])
    .returning({ id: forms.id });

  // Personal links sent to the first partners of the directory; two of them answered.
  const invited = await db
    .select({ id: partners.id, name: partners.name, email: partners.email })
    .from(partners)
    .orderBy(asc(partners.createdAt), asc(partners.id))
    .limit(3);
  const recipients = invited.length
    ? await db
        .insert(formRecipients)
        .values(
          invited.map((partner, i) => ({
            formId: volunteer!.id,
            partnerId: partner.id,
            name: partner.name,
            email: partner.email,
            sentBy: sarah!.id,
            createdAt: new Date(now.getTime() - (6 - i) * DAY),
            respondedAt: i < 2 ? new Date(now.getTime() - (4 - i) * DAY) : null,
          })),
        )
        .returning({
          id: formRecipients.id,
          partnerId: formRecipients.partnerId,
          respondedAt: formRecipients.respondedAt,
        })
    : [];

  const responses = [
    ...INTEREST_ANSWERS.map((raw, i) => ({
      formId: interest!.id,
      answers: answersOf(INTEREST_FIELDS, raw),
      createdAt: new Date(now.getTime() - (9 - i * 2) * DAY),
    })),
    ...VOLUNTEER_ANSWERS.map((raw, i) => ({
      formId: volunteer!.id,
      answers: answersOf(VOLUNTEER_FIELDS, raw),
      createdAt: new Date(now.getTime() - (5 - i) * DAY),
    })),
    ...recipients
      .filter((recipient) => recipient.respondedAt)
      .map((recipient, i) => {
        const partner = invited.find((p) => p.id === recipient.partnerId)!;
        return {
          formId: volunteer!.id,
          recipientId: recipient.id,
          partnerId: partner.id,
          answers: answersOf(VOLUNTEER_FIELDS, {
            name: partner.name,
            email: partner.email,
            guests: i + 1,
            shift: i === 0 ? 'Clean-up' : 'Serving',
          }),
          createdAt: recipient.respondedAt!,
        };
      }),
  ];
  await db.insert(formResponses).values(responses);
  for (const form of [interest!, volunteer!]) {
    const count = responses.filter((r) => r.formId === form.id).length;
    await db.update(forms).set({ responseCount: count }).where(eq(forms.id, form.id));
  }
}

import { forms } from '#server/db/schema';
import type { FormField } from '#shared/schemas/forms';
import type { DemoContext } from '../seed';

const field = (id: string, label: string, type: FormField['type']): FormField => ({ id, label, type, required: true });

/** Sample forms for the form builder's saved list (each person sees only their own). */
export async function seedDemoForms({ db, users }: DemoContext) {
  const [sarah] = users.coordinators;
  await db.insert(forms).values([
    {
      userId: users.admin.id,
      title: 'Partner Interest Form',
      description: 'For people who would like to support the ministry.',
      fields: [
        field('name', 'Full name', 'text'),
        field('email', 'Email address', 'email'),
        field('phone', 'Phone number', 'phone'),
        field('why', 'How would you like to get involved?', 'textarea'),
      ],
    },
    {
      userId: sarah!.id,
      title: 'Event Volunteer Sign-up',
      description: 'Volunteers for the partner appreciation dinner.',
      fields: [
        field('name', 'Full name', 'text'),
        field('email', 'Email address', 'email'),
        field('guests', 'Number of guests', 'number'),
      ],
    },
  ]);
}

import type { Db } from '../db/client';
import type { Storage } from '../storage';
import { seedDemoChatAttachments } from './seeders/chat-attachments';
import { seedDemoDonations } from './seeders/donations';
import { seedDemoEmails } from './seeders/emails';
import { seedDemoEvents } from './seeders/events';
import { seedDemoFiles } from './seeders/files';
import { seedDemoForms } from './seeders/forms';
import { seedDemoHistory } from './seeders/history';
import { seedDemoMessages } from './seeders/messages';
import { seedDemoNotifications } from './seeders/notifications';
import { seedDemoOnboarding } from './seeders/onboarding';
import { seedDemoOrganization } from './seeders/organization';
import { seedDemoPartners } from './seeders/partners';
import { seedDemoTasks } from './seeders/tasks';
import { seedDemoUsers, type DemoUsers } from './seeders/users';

export const DEMO_PASSWORD = 'demo-password';

export interface DemoContext {
  db: Db;
  users: DemoUsers;
  now: Date;
  /** Where demo files go; without it no files are seeded. */
  storage?: Storage;
  /** The portal's address, for the links in the demo's emails. */
  baseUrl: string;
}

/**
 * Realistic demo data for `npm run demo` (D5). Each feature owns one seeder in ./seeders and
 * adds it to this list; later seeders may use what earlier ones created (via the context).
 */
export async function seedDemoData(db: Db, now = new Date(), storage?: Storage, baseUrl = 'http://localhost:3000') {
  const users = await seedDemoUsers(db, DEMO_PASSWORD);
  const context: DemoContext = { db, users, now, storage, baseUrl };
  await seedDemoOrganization(context);
  const partners = await seedDemoPartners(context);
  await seedDemoDonations(context, partners);
  await seedDemoEvents(context);
  await seedDemoTasks(context, partners);
  await seedDemoForms(context);
  const mention = await seedDemoMessages(context);
  await seedDemoChatAttachments(context);
  await seedDemoFiles(context);
  await seedDemoOnboarding(context);
  await seedDemoEmails(context);
  await seedDemoNotifications(context, mention);
  await seedDemoHistory(context);
  return users;
}

import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { files } from '#server/db/schema';
import { fileObjectKey } from '#server/features/files/service';
import { PLACEHOLDER_NAME, storedFilePath } from '#shared/schemas/files';
import type { DemoContext } from '../seed';
import { demoPhoto } from './demo-documents';

const SCHEDULE = `Date,Event,Volunteer,Role
Saturday,Community Outreach Day,Sarah Johnson,Food distribution
Saturday,Community Outreach Day,Michael Chen,Registration
Sunday,Prayer Breakfast,Sarah Johnson,Welcome desk
`;

const WELCOME = `Welcome to the ministry's shared drive.

Everyone with access to Files sees every folder here. Upload sermon notes, schedules,
photos and forms; the person who uploaded a file (or an administrator) can delete it.
`;

const SERMON = `Easter Sunday - outline

1. The empty tomb (John 20:1-18)
2. From fear to witness
3. Living as an Easter people this week
`;

/** A few folders, text files and photos, stored through the portal's storage like any upload. */
export async function seedDemoFiles({ db, users, now, storage }: DemoContext) {
  if (!storage) return;
  const coordinator = users.coordinators[0]!;
  const daysAgo = (n: number) => new Date(now.getTime() - n * 24 * 60 * 60 * 1000);

  const folders = [
    { folderPath: '/Sermons/', by: users.admin.id },
    { folderPath: '/Volunteers/', by: coordinator.id },
    { folderPath: '/Event_Photos/', by: users.admin.id },
  ];
  await db.insert(files).values(
    folders.map(({ folderPath, by }) => ({
      name: PLACEHOLDER_NAME,
      path: storedFilePath(by, folderPath, PLACEHOLDER_NAME),
      folderPath,
      size: 0,
      mimeType: null,
      uploadedBy: by,
      createdAt: daysAgo(30),
    })),
  );

  const text = (content: string) => Buffer.from(content, 'utf8');
  const documents = [
    {
      name: 'Welcome to the shared drive.txt',
      folderPath: '/',
      bytes: text(WELCOME),
      type: 'text/plain',
      by: users.admin.id,
      age: 30,
    },
    {
      name: 'Easter Sermon Notes.txt',
      folderPath: '/Sermons/',
      bytes: text(SERMON),
      type: 'text/plain',
      by: users.admin.id,
      age: 12,
    },
    {
      name: 'Volunteer Schedule.csv',
      folderPath: '/Volunteers/',
      bytes: text(SCHEDULE),
      type: 'text/csv',
      by: coordinator.id,
      age: 3,
    },
    {
      name: 'Outreach Day - morning.png',
      folderPath: '/Event_Photos/',
      bytes: demoPhoto(960, 640, [150, 200, 240], [90, 150, 80]),
      type: 'image/png',
      by: coordinator.id,
      age: 16,
    },
    {
      name: 'Outreach Day - evening.png',
      folderPath: '/Event_Photos/',
      bytes: demoPhoto(960, 640, [250, 170, 90], [60, 120, 70]),
      type: 'image/png',
      by: coordinator.id,
      age: 16,
    },
  ];
  for (const doc of documents) {
    const id = randomUUID();
    const { bytes } = doc;
    await storage.put(fileObjectKey(id), Readable.from([bytes]), { contentType: doc.type, maxBytes: bytes.length });
    await db.insert(files).values({
      id,
      name: doc.name,
      path: storedFilePath(doc.by, doc.folderPath, doc.name),
      folderPath: doc.folderPath,
      size: bytes.length,
      mimeType: doc.type,
      uploadedBy: doc.by,
      createdAt: daysAgo(doc.age),
    });
  }
}

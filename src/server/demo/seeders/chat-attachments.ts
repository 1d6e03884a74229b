import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { messageAttachments, messages } from '#server/db/schema';
import { newObjectKey } from '#server/storage/index';
import type { DemoContext } from '../seed';
import { demoPdf, demoPhoto } from './demo-documents';

/**
 * Chat messages with a photo and a PDF attached (issue 23), stored like any attachment. Seeded
 * after the conversation (messages.ts), so they are its latest messages: a channel reads in id
 * order, and an earlier time would show them out of order.
 */
export async function seedDemoChatAttachments({ db, users, now, storage }: DemoContext) {
  if (!storage) return;
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const [sarah, michael] = users.coordinators;
  const files = [
    {
      content: 'Photos from Saturday’s outreach: what a sunset to end the day!',
      userId: sarah!.id,
      partner: 'General Partners',
      chatType: 'partner' as const,
      minutes: 5,
      attachment: { name: 'outreach-sunset.png', mimeType: 'image/png', body: demoPhoto() },
    },
    {
      content: 'Here is the programme for the coordinator retreat. Please read it before Friday.',
      userId: users.admin.id,
      partner: 'All Coordinators',
      chatType: 'coordinator' as const,
      minutes: 9,
      attachment: {
        name: 'Retreat programme.pdf',
        mimeType: 'application/pdf',
        body: await demoPdf('Coordinator Training Retreat', [
          'Day 1, 9:00  Welcome and prayer',
          'Day 1, 10:30  Caring for partners: listening well',
          'Day 1, 14:00  Zone planning in small groups',
          'Day 2, 9:00  Reports from each zone',
          'Day 2, 13:00  Sending and closing prayer',
        ]),
      },
    },
    {
      content: '',
      userId: michael!.id,
      partner: 'All Coordinators',
      chatType: 'coordinator' as const,
      minutes: 4,
      attachment: {
        name: 'north-zone-map.png',
        mimeType: 'image/png',
        body: demoPhoto(480, 320, [120, 170, 220], [230, 225, 200]),
      },
    },
  ];
  for (const { attachment, minutes, ...message } of files) {
    const id = randomUUID();
    const key = newObjectKey('chat-attachments', id);
    await storage.put(key, Readable.from([attachment.body]), {
      contentType: attachment.mimeType,
      maxBytes: attachment.body.length,
    });
    const [row] = await db
      .insert(messages)
      .values({ ...message, createdAt: ago(minutes) })
      .returning({ id: messages.id });
    await db.insert(messageAttachments).values({
      id,
      messageId: row!.id,
      storageKey: key,
      name: attachment.name,
      size: attachment.body.length,
      mimeType: attachment.mimeType,
    });
  }
}

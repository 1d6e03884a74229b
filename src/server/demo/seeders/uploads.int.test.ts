import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { events, partners } from '#server/db/schema';
import { isPdf, sniffImageType } from '#server/storage/sniff';
import { pdfText } from '#test-support/pdf-text';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { ChatMessage } from '#shared/chat';
import type { CalendarEvent } from '#shared/schemas/calendar';
import type { FolderListing } from '#shared/schemas/files';
import type { Organization } from '#shared/schemas/organization';
import { DEMO_PASSWORD, seedDemoData } from '../seed';
import { DEMO_MINISTRY } from './organization';

// What the demo stores as people's uploads (chat attachments, shared files, event pictures),
// each fetched as the portal serves uploads. One seeded demo for all: seeding takes seconds.
describe('demo uploads', () => {
  let t: TestApp;
  let cookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    t = await createTestApp(testDatabaseTargets()[0]!);
    const users = await seedDemoData(t.db, new Date(), t.deps.storage);
    cookie = await t.signIn(users.coordinators[0]!.email, DEMO_PASSWORD);
    adminCookie = await t.signIn(users.admin.email, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.request(url, { headers: { cookie } });
  const bytes = async (url: string) => Buffer.from(await (await get(url)).arrayBuffer());
  const folder = async (path: string) =>
    (await (await get(`/api/files?${new URLSearchParams({ folder: path })}`)).json()) as FolderListing;

  describe('chat attachments', () => {
    const channel = async (chatType: string, partner: string) =>
      (
        (await (await get(`/api/chat/messages?${new URLSearchParams({ chatType, partner })}`)).json()) as {
          messages: ChatMessage[];
        }
      ).messages;

    it('are a real photo and a real PDF, served like any attachment', async () => {
      const general = (await channel('partner', 'General Partners')).flatMap((m) => m.attachments);
      expect(general.map((a) => [a.name, a.mimeType])).toEqual([['outreach-sunset.png', 'image/png']]);
      expect(sniffImageType(await bytes(`/api/chat/attachments/${general[0]!.id}`))).toBe('image/png');

      const coordinators = (await channel('coordinator', 'All Coordinators')).flatMap((m) => m.attachments);
      expect(coordinators.map((a) => a.name)).toEqual(['Retreat programme.pdf', 'north-zone-map.png']);
      const programme = await bytes(`/api/chat/attachments/${coordinators[0]!.id}`);
      expect(isPdf(programme)).toBe(true);
      // pdf.js, not ours, reads it as a person's PDF viewer would.
      const text = await pdfText(programme);
      expect(text).toContain('Coordinator Training Retreat');
      expect(text).toContain('Day 1, 9:00 Welcome and prayer');
    });

    it('come in their channels in the order they were sent, like every other message', async () => {
      for (const [chatType, partner] of [
        ['partner', 'General Partners'],
        ['coordinator', 'All Coordinators'],
      ] as const) {
        const sent = (await channel(chatType, partner)).map((m) => m.createdAt);
        expect(sent, partner).toEqual([...sent].sort());
      }
    });
  });

  describe('files', () => {
    it('are folders and readable files in the shared drive', async () => {
      const root = await folder('/');
      expect(root.folders.map((f) => f.name)).toEqual(['Event_Photos', 'Sermons', 'Volunteers']);
      expect(root.files.map((f) => f.name)).toEqual(['Welcome to the shared drive.txt']);

      const schedule = (await folder('/Volunteers/')).files[0]!;
      expect(schedule).toMatchObject({ name: 'Volunteer Schedule.csv', previewKind: 'text', canDelete: true });
      expect(await (await get(`/api/files/${schedule.id}/preview`)).text()).toContain('Community Outreach Day');
    });

    it('include photos in the Event_Photos folder, previewed as images', async () => {
      const photos = (await folder('/Event_Photos/')).files;
      expect(photos.map((f) => [f.name, f.previewKind])).toEqual([
        ['Outreach Day - evening.png', 'image'],
        ['Outreach Day - morning.png', 'image'],
      ]);
      expect(sniffImageType(await bytes(`/api/files/${photos[0]!.id}/preview`))).toBe('image/png');
    });
  });

  describe('events', () => {
    it('each have a picture, served by the calendar as an uploaded one is', async () => {
      const { events: cards } = (await (await get('/api/calendar/events')).json()) as { events: CalendarEvent[] };
      expect(cards.length).toBeGreaterThanOrEqual(6);
      for (const event of cards) expect(event.imageUrl, event.title).toMatch(/^\/api\/calendar\/images\//);

      const pictures = [...new Set(cards.map((e) => e.imageUrl!))];
      expect(pictures.length).toBe(cards.length);
      for (const url of pictures) {
        const picture = await get(url);
        expect(picture.status).toBe(200);
        expect(picture.headers.get('content-type')).toBe('image/png');
        expect(sniffImageType(Buffer.from(await picture.arrayBuffer()))).toBe('image/png');
      }
    });

    it("give the moved evening of the weekly meeting its series' picture, as the calendar does", async () => {
      const rows = await t.db
        .select({ title: events.title, key: events.imageUrl, seriesId: events.seriesId, id: events.id })
        .from(events);
      const moved = rows.find((r) => r.seriesId !== null)!;
      expect(moved.title).toBe('Weekly Prayer Meeting (Wednesday this week)');
      expect(moved.key).not.toBeNull();
      expect(moved.key).toBe(rows.find((r) => r.id === moved.seriesId)!.key);
    });
  });

  describe('the ministry', () => {
    it("has a name, an address and a logo, which last year's statements carry", async () => {
      const { organization } = (await (await get('/api/organization')).json()) as { organization: Organization };
      expect(organization).toMatchObject({ name: DEMO_MINISTRY, address: '1200 Elm Street\nDallas, TX 75201' });
      expect(organization.logoUrl).toMatch(/^\/api\/organization\/logo\//);
      expect(sniffImageType(await bytes(organization.logoUrl!))).toBe('image/png');

      const [grace] = await t.db.select().from(partners).where(eq(partners.name, 'Grace Community Church'));
      const year = new Date().getFullYear() - 1;
      const statement = await t.request(`/api/giving/statements/${grace!.id}?year=${year}&tz=UTC`, {
        headers: { cookie: adminCookie },
      });
      expect(statement.status).toBe(200);
      const text = await pdfText(Buffer.from(await statement.arrayBuffer()));
      expect(text).toContain(DEMO_MINISTRY);
      expect(text).toContain('1200 Elm Street');
      expect(text).toContain('Grace Community Church');
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffImageType } from '#server/storage/sniff';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { FolderListing } from '#shared/schemas/files';
import { DEMO_PASSWORD, seedDemoData } from '../seed';

describe('demo files', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp(testDatabaseTargets()[0]!);
    const users = await seedDemoData(t.db, new Date(), t.deps.storage);
    cookie = await t.signIn(users.coordinators[0]!.email, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('are folders and readable files in the shared drive', async () => {
    const root = (await (await t.request('/api/files?folder=%2F', { headers: { cookie } })).json()) as FolderListing;
    expect(root.folders.map((f) => f.name)).toEqual(['Event_Photos', 'Sermons', 'Volunteers']);
    expect(root.files.map((f) => f.name)).toEqual(['Welcome to the shared drive.txt']);

    const volunteers = (await (
      await t.request('/api/files?folder=%2FVolunteers%2F', { headers: { cookie } })
    ).json()) as FolderListing;
    const schedule = volunteers.files[0]!;
    expect(schedule).toMatchObject({ name: 'Volunteer Schedule.csv', previewKind: 'text', canDelete: true });
    const preview = await t.request(`/api/files/${schedule.id}/preview`, { headers: { cookie } });
    expect(await preview.text()).toContain('Community Outreach Day');

    const photos = (await (
      await t.request('/api/files?folder=%2FEvent_Photos%2F', { headers: { cookie } })
    ).json()) as FolderListing;
    expect(photos.files.map((f) => [f.name, f.previewKind])).toEqual([
      ['Outreach Day - evening.png', 'image'],
      ['Outreach Day - morning.png', 'image'],
    ]);
    const photo = await t.request(`/api/files/${photos.files[0]!.id}/preview`, { headers: { cookie } });
    expect(sniffImageType(Buffer.from(await photo.arrayBuffer()))).toBe('image/png');
  });
});

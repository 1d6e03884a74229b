import { count, eq, like } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, files } from '#server/db/schema';
import { filesTestApi } from '#test-support/features/files-test-api';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import type { FileEntry, FolderEntry } from '#shared/schemas/files';
import { fileObjectKey } from './service';

// Renaming, moving and deleting in the shared drive (issue 27 item 4, decision 0126).
describe.each(testDatabaseTargets())('organising files on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let sam: TestUser;
  let ruth: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await t.createUser({ email: 'admin@example.org', password: 'admin-secret', role: 'admin' });
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', role: 'coordinator' });
    ruth = await t.createUser({ email: 'ruth@example.org', password: 'ruth-secret', role: 'coordinator' });
    for (const u of [admin, sam, ruth]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const { as, list, uploadFile, createFolder } = filesTestApi(() => t, cookies);
  const patchFile = (u: TestUser, id: string, body: unknown) => t.sendJson('PATCH', `/api/files/${id}`, body, as(u));
  const patchFolder = (u: TestUser, body: unknown) => t.sendJson('PATCH', '/api/files/folders', body, as(u));
  const deleteFolder = (u: TestUser, folderPath: string) =>
    t.request(`/api/files/folders?${new URLSearchParams({ path: folderPath })}`, { method: 'DELETE', headers: as(u) });
  const rows = () => t.db.select({ name: files.name, folderPath: files.folderPath, path: files.path }).from(files);
  const objectExists = (id: string) =>
    existsSync(path.join(t.deps.config.DATA_DIR, 'storage', 'objects', ...fileObjectKey(id).split('/')));
  const error = async (response: Response) => ((await response.json()) as { error: string }).error;
  const fileCount = async () => (await t.db.select({ n: count() }).from(files))[0]!.n;

  it('renames and moves a file for its uploader, keeping the stored path in step', async () => {
    expect((await createFolder(sam, '/', 'Reports')).status).toBe(201);
    const file = await uploadFile(sam, '/', 'draft.txt', 'hello');
    const renamed = await patchFile(sam, file.id, { name: 'Final report.txt' });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { file: FileEntry }).file.name).toBe('Final report.txt');
    const moved = await patchFile(sam, file.id, { folder: '/Reports/' });
    expect(moved.status).toBe(200);
    const [row] = await t.db.select().from(files).where(eq(files.id, file.id));
    expect(row).toMatchObject({
      name: 'Final report.txt',
      folderPath: '/Reports/',
      path: `${sam.id}/Reports/Final_report.txt`,
    });
    expect((await list(ruth, '/Reports/')).files.map((f) => f.name)).toEqual(['Final report.txt']);
    const actions = await t.db
      .select({ action: activity.action })
      .from(activity)
      .where(like(activity.action, 'file.%'));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['file.renamed', 'file.moved']));
  });

  it("refuses someone else's file, a taken name, a missing folder and a bad name, changing nothing", async () => {
    const file = await uploadFile(sam, '/', 'notes.txt', 'a');
    await uploadFile(sam, '/', 'other.txt', 'b');
    const before = JSON.stringify(await rows());
    const cases: [TestUser, unknown, number, string][] = [
      [ruth, { name: 'mine.txt' }, 403, 'Only the person who uploaded this file, or an admin, can rename or move it.'],
      [sam, { name: 'other.txt' }, 409, 'A file named "other.txt" already exists in that folder.'],
      [sam, { name: 'Other.TXT' }, 409, 'A file named "other.txt" already exists in that folder.'],
      [sam, { folder: '/Nowhere/' }, 404, 'This folder does not exist'],
      [sam, { name: 'a/b.txt' }, 400, 'File names cannot contain slashes'],
      [sam, { name: '.placeholder' }, 400, '".placeholder" is a reserved name'],
      [sam, {}, 400, 'Give a new name or a folder to move to'],
    ];
    for (const [who, body, status, message] of cases) {
      const response = await patchFile(who, file.id, body);
      expect({ body, status: response.status, message: await error(response) }).toEqual({ body, status, message });
    }
    expect(JSON.stringify(await rows())).toBe(before);
    // Only the case of its own name may change.
    expect((await patchFile(sam, file.id, { name: 'Notes.txt' })).status).toBe(200);
    // An admin may rename anyone's file.
    expect((await patchFile(admin, file.id, { name: 'notes (admin).txt' })).status).toBe(200);
  });

  it('renames and moves a folder with everything below it; sizes and dates show in the listing', async () => {
    await createFolder(sam, '/', 'Events');
    await createFolder(sam, '/Events/', '2026');
    const flyer = await uploadFile(ruth, '/Events/2026/', 'flyer 🎉.txt', 'x'.repeat(300));
    await uploadFile(sam, '/Events/', 'plan.txt', 'y'.repeat(200));
    const listed = (await list(sam, '/')).folders.find((f) => f.name === 'Events')!;
    expect(listed).toMatchObject({ files: 2, size: 500 });
    expect(Date.parse(listed.updatedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const renamed = await patchFolder(sam, { path: '/Events/', name: 'Gatherings' });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { folder: FolderEntry }).folder).toMatchObject({
      path: '/Gatherings/',
      files: 2,
    });
    await createFolder(sam, '/', 'Archive');
    expect((await patchFolder(ruth, { path: '/Gatherings/', parent: '/Archive/' })).status).toBe(200);
    const [row] = await t.db.select().from(files).where(eq(files.id, flyer.id));
    expect(row).toMatchObject({
      folderPath: '/Archive/Gatherings/2026/',
      path: `${ruth.id}/Archive/Gatherings/2026/flyer___.txt`,
    });
    expect((await list(sam, '/Archive/Gatherings/2026/')).files.map((f) => f.name)).toEqual(['flyer 🎉.txt']);
    expect(await t.db.select().from(files).where(like(files.folderPath, '/Events/%'))).toEqual([]);
  });

  it('refuses moving a folder into itself, onto a taken name or into a missing folder, changing nothing', async () => {
    await createFolder(sam, '/', 'Outer');
    await createFolder(sam, '/Outer/', 'Inner');
    await createFolder(sam, '/', 'Taken');
    const before = JSON.stringify(await rows());
    const cases: [unknown, number, string][] = [
      [{ path: '/Outer/', parent: '/Outer/Inner/' }, 400, 'A folder cannot be moved into itself.'],
      [{ path: '/Outer/', name: 'Taken' }, 409, 'A folder named "Taken" already exists there.'],
      [{ path: '/Outer/', name: 'taKEN' }, 409, 'A folder named "Taken" already exists there.'],
      [{ path: '/Outer/Inner/', parent: '/', name: 'TAKEN' }, 409, 'A folder named "Taken" already exists there.'],
      [{ path: '/Outer/', parent: '/Missing/' }, 404, 'The folder to move into does not exist'],
      [{ path: '/Missing/', name: 'Else' }, 404, 'This folder does not exist'],
      [{ path: '/', name: 'Home' }, 400, 'The home folder cannot be changed'],
      [{ path: '/Outer/', name: 'a/b' }, 400, 'Folder names cannot contain slashes'],
    ];
    for (const [body, status, message] of cases) {
      const response = await patchFolder(sam, body);
      expect({ body, status: response.status, message: await error(response) }).toEqual({ body, status, message });
    }
    expect(JSON.stringify(await rows())).toBe(before);
    // Only the case of its own name may change.
    expect((await patchFolder(sam, { path: '/Outer/', name: 'OUTER' })).status).toBe(200);
    expect((await list(sam, '/')).folders.map((f) => f.name)).toContain('OUTER');
  });

  it("deletes a folder of one's own files with their objects, and leaves others' folders to an admin", async () => {
    await createFolder(sam, '/', 'Mine');
    const a = await uploadFile(sam, '/Mine/', 'a.txt', 'a');
    await createFolder(sam, '/Mine/', 'Deeper');
    const b = await uploadFile(sam, '/Mine/Deeper/', 'b.txt', 'b');
    const summary = await t.request(`/api/files/folders/summary?path=${encodeURIComponent('/Mine/')}`, {
      headers: as(ruth),
    });
    // Sam's files, one a folder deeper: Ruth is told she may not delete it, Sam that he may.
    expect(await summary.json()).toMatchObject({ files: 2, size: 2, canDelete: false });
    const own = await t.request(`/api/files/folders/summary?path=${encodeURIComponent('/Mine/')}`, {
      headers: as(sam),
    });
    expect(await own.json()).toMatchObject({ files: 2, canDelete: true });

    await createFolder(ruth, '/', 'Shared');
    const c = await uploadFile(sam, '/Shared/', 'c.txt', 'c');
    // The listing says the same before anyone tries: Ruth made the folder, Sam's file is in it.
    const deletable = async (u: TestUser) =>
      Object.fromEntries((await list(u, '/')).folders.map((f) => [f.name, f.canDelete]));
    expect(await deletable(ruth)).toMatchObject({ Mine: false, Shared: false });
    expect(await deletable(sam)).toMatchObject({ Mine: true, Shared: true });
    expect(await deletable(admin)).toMatchObject({ Mine: true, Shared: true });
    const countBefore = await fileCount();
    const refused = await deleteFolder(ruth, '/Shared/');
    expect(refused.status).toBe(403);
    expect(await error(refused)).toBe('This folder holds files uploaded by others. Only an admin can delete it.');
    expect(await fileCount()).toBe(countBefore);
    expect(objectExists(c.id)).toBe(true);

    const deleted = await deleteFolder(sam, '/Mine/');
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ files: 2 });
    expect(await t.db.select().from(files).where(like(files.folderPath, '/Mine/%'))).toEqual([]);
    expect([objectExists(a.id), objectExists(b.id)]).toEqual([false, false]);
    expect((await deleteFolder(admin, '/Shared/')).status).toBe(200);
    expect(objectExists(c.id)).toBe(false);
    expect((await deleteFolder(admin, '/Shared/')).status).toBe(404);
  });
});

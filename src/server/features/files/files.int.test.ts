import { count, eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, files } from '#server/db/schema';
import { filesTestApi } from '#test-support/features/files-test-api';
import { multipartBody } from '#test-support/multipart';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import { FOLDER_GONE, type FileEntry } from '#shared/schemas/files';
import { fileObjectKey } from './service';
import { sweepOrphanObjects } from '#server/storage/orphan-sweep';

/** A folder with nothing in it but its placeholder (issue 27 item 4 added what it holds): anyone may delete it. */
const EMPTY = { files: 0, size: 0, updatedAt: null, canDelete: true };

describe.each(testDatabaseTargets())('files on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let sam: TestUser;
  let ruth: TestUser;
  let noFiles: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    // A 1 MB limit keeps the oversize cases small.
    t = await createTestApp(target, { MAX_UPLOAD_MB: '1' });
    admin = await t.createUser({
      email: 'admin@example.org',
      password: 'admin-secret',
      role: 'admin',
      fullName: 'Grace Admin',
    });
    sam = await t.createUser({
      email: 'sam@example.org',
      password: 'sam-secret',
      role: 'coordinator',
      fullName: 'Sam Coordinator',
    });
    ruth = await t.createUser({
      email: 'ruth@example.org',
      password: 'ruth-secret',
      role: 'coordinator',
      fullName: 'Ruth Helper',
    });
    noFiles = await t.createUser({ email: 'nofiles@example.org', password: 'nofiles-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: noFiles.id, feature: 'files', enabled: false });
    for (const u of [admin, sam, ruth, noFiles]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const storageDir = () => path.join(t.deps.config.DATA_DIR, 'storage');
  const { as, list, upload, uploadFile, createFolder } = filesTestApi(() => t, cookies);
  const fileCount = async () => (await t.db.select({ n: count() }).from(files))[0]!.n;
  const storedObjects = async () => {
    const dir = path.join(storageDir(), 'objects', 'files');
    return existsSync(dir) ? (await readdir(dir)).sort() : [];
  };
  const leftovers = async () => readdir(path.join(storageDir(), 'tmp'));

  it('answers 401 without a session and 403 without the files permission, on every route', async () => {
    const seeded = await uploadFile(admin, '/', 'guarded.txt', 'guarded');
    const routes = [
      () => ['GET', '/api/files'],
      () => ['GET', '/api/files?folder=%2F'],
      () => ['POST', '/api/files/folders'],
      () => ['POST', '/api/files?folder=%2F'],
      () => ['GET', `/api/files/${seeded.id}/download`],
      () => ['GET', `/api/files/${seeded.id}/preview`],
      () => ['DELETE', `/api/files/${seeded.id}`],
    ];
    for (const route of routes) {
      const [method, url] = route() as [string, string];
      const { body, contentType } = multipartBody([{ name: 'file', filename: 'x.txt', value: 'x' }]);
      const init = method === 'POST' ? { method, body, headers: { 'content-type': contentType } } : { method };
      const anonymous = await t.request(url, init);
      expect(anonymous.status, `${method} ${url} signed out`).toBe(401);
      expect(await anonymous.json()).toEqual({ error: 'Not authenticated' });
      const refused = await t.request(url, { ...init, headers: { ...(init.headers ?? {}), ...as(noFiles) } });
      expect(refused.status, `${method} ${url} without files`).toBe(403);
      expect(await refused.json()).toEqual({ error: 'You do not have permission to do this.' });
    }
    // Nothing was changed by any of them.
    expect((await list(admin)).files.map((f) => f.name)).toContain('guarded.txt');
    expect(await t.db.select().from(files).where(eq(files.name, 'x.txt'))).toEqual([]);
  });

  it('creates folders from trimmed names with spaces as underscores, and hides their placeholder', async () => {
    const created = await createFolder(sam, '/', '  Youth Camp 2025 ');
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ folder: { ...EMPTY, name: 'Youth_Camp_2025', path: '/Youth_Camp_2025/' } });
    expect((await createFolder(sam, '/Youth_Camp_2025/', 'Photos')).status).toBe(201);

    const root = await list(ruth);
    expect(root.folders).toContainEqual({ ...EMPTY, name: 'Youth_Camp_2025', path: '/Youth_Camp_2025/' });
    const inside = await list(ruth, '/Youth_Camp_2025/');
    expect(inside.folders).toEqual([{ ...EMPTY, name: 'Photos', path: '/Youth_Camp_2025/Photos/' }]);
    expect(inside.files).toEqual([]);
    expect((await list(ruth, '/Youth_Camp_2025/Photos/')).files).toEqual([]);

    const [placeholder] = await t.db.select().from(files).where(eq(files.folderPath, '/Youth_Camp_2025/'));
    expect(placeholder).toMatchObject({
      name: '.placeholder',
      size: 0,
      path: `${sam.id}/Youth_Camp_2025/.placeholder`,
      uploadedBy: sam.id,
    });
  });

  it('refuses bad folder names and duplicates with a readable message, creating nothing', async () => {
    const before = await fileCount();
    const cases: [unknown, string, number, string][] = [
      ['   ', '/', 400, 'Folder name cannot be empty'],
      [undefined, '/', 400, 'Folder name cannot be empty'],
      ['a/b', '/', 400, 'Folder names cannot contain slashes'],
      ['..', '/', 400, 'Folder names cannot contain ".."'],
      ['ok', '../', 400, 'This folder does not exist'],
      ['ok', '/a b/', 400, 'This folder does not exist'],
    ];
    for (const [name, parent, status, error] of cases) {
      const response = await createFolder(sam, parent, name);
      expect(response.status, JSON.stringify(name)).toBe(status);
      expect(((await response.json()) as { error: string }).error).toBe(error);
    }
    expect((await createFolder(sam, '/', 'Sermons')).status).toBe(201);
    const duplicate = await createFolder(ruth, '/', ' Sermons');
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ error: 'A folder named "Sermons" already exists here.' });
    const otherCase = await createFolder(ruth, '/', 'SERMONS');
    expect(otherCase.status).toBe(409);
    expect(await otherCase.json()).toEqual({ error: 'A folder named "Sermons" already exists here.' });
    expect(await fileCount()).toBe(before + 1);
  });

  it('uploads files into a folder and lists folders first, then files by name, with sizes and uploader', async () => {
    expect((await createFolder(sam, '/', 'Reports')).status).toBe(201);
    expect((await createFolder(sam, '/Reports/', 'Archive')).status).toBe(201);
    const csv = 'item,amount\nrent,1200\n';
    const budget = await uploadFile(sam, '/Reports/', 'budget 2025 (draft).csv', csv, 'text/csv');
    const letter = await uploadFile(ruth, '/Reports/', 'Année – lettre.txt', 'Merci beaucoup !');

    expect(budget).toMatchObject({
      name: 'budget 2025 (draft).csv',
      size: csv.length,
      mimeType: 'text/csv',
      previewKind: 'text',
      folderPath: '/Reports/',
      uploaderName: 'Sam Coordinator',
    });
    expect(letter).toMatchObject({
      name: 'Année – lettre.txt',
      size: Buffer.byteLength('Merci beaucoup !'),
      previewKind: 'text',
    });

    const listing = await list(ruth, '/Reports/');
    expect(listing.folders).toEqual([{ ...EMPTY, name: 'Archive', path: '/Reports/Archive/' }]);
    expect(listing.files.map((f) => [f.name, f.size])).toEqual([
      ['Année – lettre.txt', 16],
      ['budget 2025 (draft).csv', 22],
    ]);
    expect(listing.maxUploadMb).toBe(1);
    // Only one's own uploads can be deleted, unless one is an admin (D7).
    expect(listing.files.map((f) => f.canDelete)).toEqual([true, false]);
    expect((await list(admin, '/Reports/')).files.map((f) => f.canDelete)).toEqual([true, true]);

    // SPEC 3 path: creator id / folder / sanitised name; the object key is the record's id.
    const [row] = await t.db.select().from(files).where(eq(files.id, budget.id));
    expect(row!.path).toBe(`${sam.id}/Reports/budget_2025__draft_.csv`);
    expect(await storedObjects()).toContain(budget.id);
    expect(fileObjectKey(budget.id)).toBe(`files/${budget.id}`);
  });

  it('gives a second file of the same name in a folder a numbered name', async () => {
    const first = await uploadFile(sam, '/', 'notes.txt', 'one');
    const second = await uploadFile(ruth, '/', 'notes.txt', 'two');
    const third = await uploadFile(sam, '/', 'notes.txt', 'three');
    expect([first.name, second.name, third.name]).toEqual(['notes.txt', 'notes (1).txt', 'notes (2).txt']);
    // Whatever the case (decision 0176): side by side they would be one file once downloaded.
    const upper = await uploadFile(ruth, '/', 'NOTES.txt', 'four');
    expect(upper.name).toBe('NOTES (3).txt');
  });

  it('folds a name for its number as the database does, letters outside ASCII included', async () => {
    // JavaScript lower-cases 'İ' to 'i' and a combining dot, and a last 'Σ' to 'ς'; the
    // database's lower() gives 'i' and 'σ'. Compared across the two, a second person's
    // 'İSTANBUL.txt' was stored beside the first under the very same name.
    const first = await uploadFile(sam, '/', 'İSTANBUL.txt', 'one');
    const second = await uploadFile(ruth, '/', 'İSTANBUL.txt', 'two');
    const third = await uploadFile(sam, '/', 'İstanbul.txt', 'three');
    expect([first.name, second.name, third.name]).toEqual(['İSTANBUL.txt', 'İSTANBUL (1).txt', 'İstanbul (2).txt']);
    const road = await uploadFile(sam, '/', 'ΟΔΟΣ.txt', 'one');
    const again = await uploadFile(ruth, '/', 'ΟΔΟΣ.txt', 'two');
    expect([road.name, again.name]).toEqual(['ΟΔΟΣ.txt', 'ΟΔΟΣ (1).txt']);
  });

  it('numbers many files of one name with one lookup each, in parallel too, and leaves a freed number to the next', async () => {
    // Issue 26: each upload looked up every numbered name before it, 500 of one name took 21 s.
    const folder = '/';
    const names: string[] = [];
    for (let i = 0; i < 60; i++) names.push((await uploadFile(sam, folder, 'minutes.pdf.txt', `${i}`)).name);
    expect(names).toEqual(['minutes.pdf.txt', ...Array.from({ length: 59 }, (_, i) => `minutes.pdf (${i + 1}).txt`)]);
    const parallel = await Promise.all(
      Array.from({ length: 12 }, (_, i) => uploadFile(i % 2 ? sam : ruth, folder, 'minutes.pdf.txt', `p${i}`)),
    );
    const all = [...names, ...parallel.map((f) => f.name)];
    expect(new Set(all).size).toBe(all.length);
    // A look-alike that is not one of the numbered names does not count as one.
    await uploadFile(sam, folder, 'minutes.pdf (x).txt', 'not a number');
    const freed = parallel.find((f) => f.name === 'minutes.pdf (61).txt')!;
    expect(
      (
        await t.request(`/api/files/${freed.id}`, {
          method: 'DELETE',
          headers: as(sam.id === freed.uploadedBy ? sam : ruth),
        })
      ).status,
    ).toBe(200);
    expect((await uploadFile(sam, folder, 'minutes.pdf.txt', 'again')).name).toBe('minutes.pdf (61).txt');
  });

  it('keeps names harmless: traversal, absolute paths and NUL bytes never reach the filesystem', async () => {
    const before = await storedObjects();
    const traversal = await uploadFile(sam, '/', '../../escape.txt', 'up and out');
    const absolute = await uploadFile(sam, '/', '/etc/cron.d/evil', 'absolute');
    const encodedNul = await upload(sam, '/', [
      { name: 'file', filenameStar: "UTF-8''..%2F..%2Fnul%00byte.txt", value: 'nul', contentType: 'text/plain' },
    ]);
    expect(encodedNul.status).toBe(201);
    const nul = ((await encodedNul.json()) as { file: FileEntry }).file;
    expect([traversal.name, absolute.name, nul.name]).toEqual(['escape.txt', 'evil', 'nulbyte.txt']);
    // A raw NUL in the part header is malformed: refused, nothing stored.
    const rawNul = await upload(sam, '/', [{ name: 'file', filename: 'raw\0nul.txt', value: 'nul' }]);
    expect(rawNul.status).toBe(400);
    expect(await t.db.select().from(files).where(eq(files.name, 'rawnul.txt'))).toEqual([]);
    // Stored under server-generated keys only.
    expect(await storedObjects()).toEqual([...before, traversal.id, absolute.id, nul.id].sort());
    const dataDir = t.deps.config.DATA_DIR;
    for (const escaped of [
      'escape.txt',
      path.join('storage', 'escape.txt'),
      path.join('storage', 'objects', 'escape.txt'),
    ]) {
      expect(existsSync(path.join(dataDir, escaped))).toBe(false);
      expect(existsSync(path.join(dataDir, '..', escaped))).toBe(false);
    }
    const reserved = await upload(sam, '/', [{ name: 'file', filename: '.placeholder', value: 'sneaky' }]);
    expect(reserved.status).toBe(400);
    expect(await reserved.json()).toEqual({
      error: '".placeholder" is a reserved name. Rename the file and try again.',
    });
  });

  it('lets a coordinator delete only their own files; an admin any; the record goes, then the object', async () => {
    const samsFile = await uploadFile(sam, '/', 'sams-agenda.txt', 'agenda');
    const refused = await t.request(`/api/files/${samsFile.id}`, { method: 'DELETE', headers: as(ruth) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Only the person who uploaded this file, or an admin, can delete it.',
    });
    expect(await t.db.select().from(files).where(eq(files.id, samsFile.id))).toHaveLength(1);
    expect(await t.deps.storage.exists(fileObjectKey(samsFile.id))).toBe(true);

    const byAdmin = await t.request(`/api/files/${samsFile.id}`, { method: 'DELETE', headers: as(admin) });
    expect(byAdmin.status).toBe(200);
    expect(await t.db.select().from(files).where(eq(files.id, samsFile.id))).toEqual([]);
    expect(await t.deps.storage.exists(fileObjectKey(samsFile.id))).toBe(false);
    expect((await t.request(`/api/files/${samsFile.id}/download`, { headers: as(sam) })).status).toBe(404);
    expect((await t.request(`/api/files/${samsFile.id}`, { method: 'DELETE', headers: as(admin) })).status).toBe(404);

    const ruthsFile = await uploadFile(ruth, '/', 'ruths-notes.txt', 'notes');
    expect((await t.request(`/api/files/${ruthsFile.id}`, { method: 'DELETE', headers: as(ruth) })).status).toBe(200);
    expect(await t.deps.storage.exists(fileObjectKey(ruthsFile.id))).toBe(false);

    // A folder's placeholder is not a file to delete.
    expect((await createFolder(ruth, '/', 'Kept')).status).toBe(201);
    const [placeholder] = await t.db.select().from(files).where(eq(files.folderPath, '/Kept/'));
    expect((await t.request(`/api/files/${placeholder!.id}`, { method: 'DELETE', headers: as(admin) })).status).toBe(
      404,
    );
  });

  it('deletes the record even when the stored object cannot be removed yet, and the sweep removes the object later', async () => {
    const file = await uploadFile(sam, '/', 'stubborn.txt', 'still here');
    const storage = t.deps.storage;
    const original = storage.delete.bind(storage);
    storage.delete = async () => {
      throw new Error('storage unavailable');
    };
    try {
      const response = await t.request(`/api/files/${file.id}`, { method: 'DELETE', headers: as(sam) });
      expect(response.status).toBe(200);
    } finally {
      storage.delete = original;
    }
    // Never a record without its object: the record went first, the object is an orphan.
    expect(await t.db.select().from(files).where(eq(files.id, file.id))).toHaveLength(0);
    expect(await storage.exists(fileObjectKey(file.id))).toBe(true);
    expect(await sweepOrphanObjects(t.db, storage, { minAgeMs: 0 })).toBeGreaterThanOrEqual(1);
    expect(await storage.exists(fileObjectKey(file.id))).toBe(false);
  }, 10_000);

  it('refuses a file over the limit while streaming, leaving neither object nor record', async () => {
    const beforeRows = await fileCount();
    const beforeObjects = await storedObjects();
    const tooBig = Buffer.alloc(1024 * 1024 + 1, 'a');
    const response = await upload(sam, '/', [
      { name: 'file', filename: 'huge.txt', value: tooBig, contentType: 'text/plain' },
    ]);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Files larger than 1 MB cannot be uploaded.' });
    expect(await fileCount()).toBe(beforeRows);
    expect(await storedObjects()).toEqual(beforeObjects);
    expect(await leftovers()).toEqual([]);

    // Exactly the limit is fine.
    const exact = await uploadFile(sam, '/', 'exact.txt', Buffer.alloc(1024 * 1024, 'b'));
    expect(exact.size).toBe(1024 * 1024);
  });

  it('refuses up front when Content-Length already shows the file is too big', async () => {
    const before = await fileCount();
    const response = await upload(sam, '/', [{ name: 'file', filename: 'small.txt', value: 'small' }], {
      'content-length': String(50 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Files larger than 1 MB cannot be uploaded.' });
    expect(await fileCount()).toBe(before);
  });

  it('refuses uploads that are not multipart, have no file, or name a bad folder', async () => {
    const before = await fileCount();
    const json = await t.postJson('/api/files?folder=%2F', { file: 'x' }, as(sam));
    expect(json.status).toBe(415);
    const noFile = await upload(sam, '/', [{ name: 'note', value: 'no file here' }]);
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual({ error: 'Choose a file to upload.' });
    const badFolder = await upload(sam, '/../', [{ name: 'file', filename: 'x.txt', value: 'x' }]);
    expect(badFolder.status).toBe(400);
    expect(await badFolder.json()).toMatchObject({ error: 'This folder does not exist' });
    expect(await fileCount()).toBe(before);
  });

  it('refuses an upload into a folder that is no longer there, keeping neither object nor record', async () => {
    expect((await createFolder(sam, '/', 'Renamed_soon')).status).toBe(201);
    expect((await list(sam, '/Renamed_soon/')).exists).toBe(true);
    const moved = await t.request('/api/files/folders', {
      method: 'PATCH',
      headers: { ...as(sam), 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/Renamed_soon/', name: 'Renamed_now' }),
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const objectsBefore = await storedObjects();
    const late = await upload(sam, '/Renamed_soon/', [{ name: 'file', filename: 'late.txt', value: 'late' }]);
    expect(late.status).toBe(404);
    expect(await late.json()).toEqual({ error: FOLDER_GONE });
    expect((await list(sam, '/Renamed_soon/')).exists).toBe(false);
    expect((await list(sam, '/')).folders.map((f) => f.name)).not.toContain('Renamed_soon');
    expect(await storedObjects()).toEqual(objectsBefore);
  });

  it('lists an unknown or empty folder as empty, and refuses a malformed file id', async () => {
    const empty = await list(sam, '/Nowhere/');
    expect(empty.folders).toEqual([]);
    expect(empty.files).toEqual([]);
    expect(empty.exists).toBe(false);
    expect((await list(sam, '/')).exists).toBe(true);
    expect((await t.request('/api/files/not-a-uuid/download', { headers: as(sam) })).status).toBe(400);
  });
});

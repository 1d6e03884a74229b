import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, messageAttachments, messages } from '#server/db/schema';
import { sweepOrphanObjects } from '#server/storage/orphan-sweep';
import { readSse, type SseMessage } from '#test-support/sse';
import { multipartBody, PNG_1X1, type MultipartPart } from '#test-support/multipart';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import type { ChatMessage } from '#shared/chat';
import { NOT_AN_IMAGE_ATTACHMENT, TOO_MANY_ATTACHMENTS } from '#shared/chat-attachments';

const GENERAL = { chatType: 'partner', partner: 'General Partners' } as const;
const VIP_GROUP = { chatType: 'cardholder_success', partner: 'Cardholders Group' } as const;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const INLINE_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

// Issue 23 item 4: files sent with a chat message (docs/decisions/0124).
describe.each(testDatabaseTargets())('chat attachments on $name', (target) => {
  let t: TestApp;
  let sam: TestUser;
  let ruth: TestUser;
  let noVip: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    // A 1 MB limit keeps the oversized upload small.
    t = await createTestApp(target, { MAX_UPLOAD_MB: '1' });
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', fullName: 'Sam Coordinator' });
    ruth = await t.createUser({ email: 'ruth@example.org', password: 'ruth-secret', fullName: 'Ruth Helper' });
    noVip = await t.createUser({ email: 'novip@example.org', password: 'novip-secret', fullName: 'No Vip' });
    await t.db
      .insert(coordinatorPermissions)
      .values({ userId: noVip.id, feature: 'cardholder_success', enabled: false });
    for (const u of [sam, ruth, noVip]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const sendParts = (u: TestUser, parts: MultipartPart[]) => {
    const { body, contentType } = multipartBody(parts);
    return t.request('/api/chat/messages', {
      method: 'POST',
      headers: { ...as(u), 'content-type': contentType },
      body: new Uint8Array(body),
    });
  };
  const fields = (channel: { chatType: string; partner: string }, content: string): MultipartPart[] => [
    { name: 'chatType', value: channel.chatType },
    { name: 'partner', value: channel.partner },
    { name: 'content', value: content },
  ];
  const file = (filename: string, value: string | Buffer, contentType: string): MultipartPart => ({
    name: 'files',
    filename,
    value,
    contentType,
  });
  const sent = async (response: Response) => {
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { message: ChatMessage }).message;
  };
  const list = async (u: TestUser, channel: { chatType: string; partner: string }) =>
    (
      (await (await t.request(`/api/chat/messages?${new URLSearchParams(channel)}`, { headers: as(u) })).json()) as {
        messages: ChatMessage[];
      }
    ).messages;
  const counts = async () => ({
    messages: (await t.db.select({ n: count() }).from(messages))[0]!.n,
    attachments: (await t.db.select({ n: count() }).from(messageAttachments))[0]!.n,
    objects: await storedObjects(),
  });
  /** The chat attachments on disk (the test app stores under DATA_DIR/storage). */
  async function storedObjects(): Promise<number> {
    const dir = path.join(t.deps.config.DATA_DIR, 'storage');
    const all = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
    return all.filter((p) => p.includes('chat-attachments') && /[0-9a-f-]{36}$/.test(p)).length;
  }

  it('sends a message with an image and a PDF; the other reader sees them in the list', async () => {
    const message = await sent(
      await sendParts(sam, [
        ...fields(GENERAL, 'Photos from Sunday'),
        file('sunday.png', PNG_1X1, 'image/png'),
        file('Programme été.pdf', PDF, 'application/pdf'),
      ]),
    );
    expect(message.content).toBe('Photos from Sunday');
    expect(message.attachments.map((a) => [a.name, a.size, a.mimeType])).toEqual([
      ['sunday.png', PNG_1X1.length, 'image/png'],
      ['Programme été.pdf', PDF.length, 'application/pdf'],
    ]);
    const seen = (await list(ruth, GENERAL)).find((m) => m.id === message.id);
    expect(seen?.attachments).toEqual(message.attachments);
    const [row] = await t.db
      .select()
      .from(messageAttachments)
      .where(eq(messageAttachments.id, message.attachments[0]!.id));
    expect(row!.storageKey).toBe(`chat-attachments/${row!.id}`);
  });

  it('answers an edit and a delete with the message as the list shows it: attachments kept, then none', async () => {
    const message = await sent(
      await sendParts(sam, [...fields(GENERAL, 'Flyer draft'), file('flyer.pdf', PDF, 'application/pdf')]),
    );
    const edit = await t.sendJson('PATCH', `/api/chat/messages/${message.id}`, { content: 'Flyer, final' }, as(sam));
    expect(edit.status).toBe(200);
    const edited = ((await edit.json()) as { message: ChatMessage }).message;
    expect(edited.attachments).toEqual(message.attachments);
    expect(edited.userName).toBe(message.userName);
    expect((await list(ruth, GENERAL)).find((m) => m.id === message.id)).toEqual(edited);
    // The words may go from a message with files: its files stay, with no caption.
    const uncaptioned = await t.sendJson('PATCH', `/api/chat/messages/${message.id}`, { content: '  ' }, as(sam));
    expect(uncaptioned.status).toBe(200);
    expect(((await uncaptioned.json()) as { message: ChatMessage }).message).toMatchObject({
      content: '',
      attachments: message.attachments,
    });

    const removal = await t.request(`/api/chat/messages/${message.id}`, { method: 'DELETE', headers: as(sam) });
    expect(removal.status).toBe(200);
    const deleted = ((await removal.json()) as { message: ChatMessage }).message;
    expect(deleted).toMatchObject({ content: '', attachments: [] });
    expect((await list(ruth, GENERAL)).find((m) => m.id === message.id)).toEqual(deleted);
  });

  it('sends files with no text, but not an empty multipart message', async () => {
    const message = await sent(await sendParts(sam, [...fields(GENERAL, '  '), file('a.png', PNG_1X1, 'image/png')]));
    expect(message.content).toBe('');
    expect(message.attachments).toHaveLength(1);
    const before = await counts();
    const empty = await sendParts(sam, fields(GENERAL, ' '));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: 'Message cannot be empty' });
    expect(await counts()).toEqual(before);
  });

  it('tells the chat the limit with each page of messages, so a file too large is refused when chosen', async () => {
    const page = await t.request(`/api/chat/messages?${new URLSearchParams(GENERAL)}`, { headers: as(sam) });
    expect(((await page.json()) as { maxUploadMb: number }).maxUploadMb).toBe(1);
  });

  it('replays a message with its attachments to a reconnecting tab', async () => {
    const cursor = (await sent(await sendParts(sam, fields(GENERAL, 'before')))).revision;
    const withFile = await sent(
      await sendParts(sam, [...fields(GENERAL, 'missed file'), file('notes.txt', 'hello', 'text/plain')]),
    );
    const response = await t.app.request('/api/realtime', {
      headers: { ...as(ruth), 'last-event-id': String(cursor) },
    });
    const reader = readSse(response);
    try {
      expect((await reader.next()).event).toBe('ready');
      const event: SseMessage = await reader.next();
      const { message } = JSON.parse(event.data) as { message: ChatMessage };
      expect(message.id).toBe(withFile.id);
      expect(message.attachments).toEqual(withFile.attachments);
      expect(message.attachments[0]).toMatchObject({ name: 'notes.txt', mimeType: 'text/plain', size: 5 });
    } finally {
      await reader.close();
    }
  });

  it('refuses a file disguised as an image: nothing stored, no message', async () => {
    const before = await counts();
    const cases: MultipartPart[][] = [
      [file('good.png', PNG_1X1, 'image/png'), file('evil.png', '<script>alert(1)</script>', 'image/png')],
      [file('photo.jpg', 'not a jpeg', 'application/octet-stream')],
      [file('drawing', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml')],
    ];
    for (const files of cases) {
      const response = await sendParts(sam, [...fields(GENERAL, 'look'), ...files]);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: NOT_AN_IMAGE_ATTACHMENT });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses a file over the limit (413) and more than five files (400): nothing stored, no message', async () => {
    const before = await counts();
    const big = await sendParts(sam, [
      ...fields(GENERAL, 'big'),
      file('small.png', PNG_1X1, 'image/png'),
      file('big.bin', Buffer.alloc(1024 * 1024 + 10, 1), 'application/octet-stream'),
    ]);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'Files larger than 1 MB cannot be uploaded.' });
    const six = await sendParts(sam, [
      ...fields(GENERAL, 'six'),
      ...Array.from({ length: 6 }, (_, i) => file(`n${i}.txt`, `note ${i}`, 'text/plain')),
    ]);
    expect(six.status).toBe(400);
    expect(await six.json()).toEqual({ error: TOO_MANY_ATTACHMENTS });
    expect(await counts()).toEqual(before);
  });

  it('removes the stored files when the message is refused after them (a VIP channel without permission)', async () => {
    const before = await counts();
    const refused = await sendParts(noVip, [...fields(VIP_GROUP, 'sneaky'), file('a.png', PNG_1X1, 'image/png')]);
    expect(refused.status).toBe(403);
    const missing = await sendParts(sam, [
      ...fields({ chatType: 'partner', partner: 'Secret Room' }, 'x'),
      file('a.png', PNG_1X1, 'image/png'),
    ]);
    expect(missing.status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('serves images inline and other files as downloads, with nosniff and a sandbox', async () => {
    const message = await sent(
      await sendParts(sam, [
        ...fields(GENERAL, 'files'),
        file('pic.png', PNG_1X1, 'image/png'),
        file('page.html', '<script>alert(1)</script>', 'text/html'),
      ]),
    );
    const [image, html] = message.attachments;
    const shown = await t.request(`/api/chat/attachments/${image!.id}`, { headers: as(ruth) });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; filename="pic.png"/);
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    expect(shown.headers.get('content-security-policy')).toBe(INLINE_CSP);
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const forced = await t.request(`/api/chat/attachments/${image!.id}?download=1`, { headers: as(ruth) });
    expect(forced.headers.get('content-disposition')).toMatch(/^attachment; filename="pic.png"/);
    await forced.arrayBuffer();

    const page = await t.request(`/api/chat/attachments/${html!.id}`, { headers: as(ruth) });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('application/octet-stream');
    expect(page.headers.get('content-disposition')).toMatch(/^attachment; filename="page.html"/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(await page.text()).toBe('<script>alert(1)</script>');
  });

  it("answers 404 for a VIP channel's attachment without cardholder_success, a deleted message's, and a stranger id", async () => {
    const vip = await sent(await sendParts(sam, [...fields(VIP_GROUP, 'vip'), file('vip.png', PNG_1X1, 'image/png')]));
    const id = vip.attachments[0]!.id;
    expect((await t.request(`/api/chat/attachments/${id}`, { headers: as(sam) })).status).toBe(200);
    const hidden = await t.request(`/api/chat/attachments/${id}`, { headers: as(noVip) });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ error: 'Attachment not found' });
    // Nor is it in the VIP channel's list for them.
    expect(
      (await t.request(`/api/chat/messages?${new URLSearchParams(VIP_GROUP)}`, { headers: as(noVip) })).status,
    ).toBe(403);

    const gone = await sent(await sendParts(sam, [...fields(GENERAL, 'oops'), file('gone.png', PNG_1X1, 'image/png')]));
    const goneId = gone.attachments[0]!.id;
    expect((await t.request(`/api/chat/attachments/${goneId}`, { headers: as(ruth) })).status).toBe(200);
    // Deleted directly: how a message is deleted is the other half of issue 23.
    await t.db.update(messages).set({ deletedAt: new Date(), content: '' }).where(eq(messages.id, gone.id));
    expect((await t.request(`/api/chat/attachments/${goneId}`, { headers: as(sam) })).status).toBe(404);
    const listed = (await list(ruth, GENERAL)).find((m) => m.id === gone.id);
    expect(listed?.attachments).toEqual([]);

    expect(
      (await t.request('/api/chat/attachments/00000000-0000-4000-8000-000000000000', { headers: as(sam) })).status,
    ).toBe(404);
    expect((await t.request('/api/chat/attachments/not-a-uuid', { headers: as(sam) })).status).toBe(400);
    expect((await t.request(`/api/chat/attachments/${goneId}`)).status).toBe(401);
  });

  it('sweeps a stored attachment nobody refers to, and keeps the referred ones', async () => {
    const message = await sent(
      await sendParts(sam, [...fields(GENERAL, 'kept'), file('kept.png', PNG_1X1, 'image/png')]),
    );
    const orphanKey = `chat-attachments/${crypto.randomUUID()}`;
    await t.deps.storage.put(orphanKey, (await import('node:stream')).Readable.from([Buffer.from('x')]), {
      contentType: 'text/plain',
      maxBytes: 10,
    });
    await sweepOrphanObjects(t.db, t.deps.storage, { minAgeMs: -60_000 });
    expect(await t.deps.storage.exists(orphanKey)).toBe(false);
    const [row] = await t.db
      .select({ key: messageAttachments.storageKey })
      .from(messageAttachments)
      .where(eq(messageAttachments.messageId, message.id));
    expect(await t.deps.storage.exists(row!.key)).toBe(true);
  });
});

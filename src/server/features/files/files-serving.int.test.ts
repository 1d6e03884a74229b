import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesTestApi } from '#test-support/features/files-test-api';
import { PNG_1X1 } from '#test-support/multipart';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';

const SANDBOX_INLINE = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

// How stored files are served: download, inline preview in a sandbox, HEAD, and never HTML or
// SVG inline (uploading, folders and deleting are in files.int.test.ts).
describe.each(testDatabaseTargets())('serving files on $name', (target) => {
  let t: TestApp;
  let sam: TestUser;
  let ruth: TestUser;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(target);
    sam = await t.createUser({ email: 'sam@example.org', password: 'sam-secret', fullName: 'Sam Coordinator' });
    ruth = await t.createUser({ email: 'ruth@example.org', password: 'ruth-secret', fullName: 'Ruth Helper' });
    for (const u of [sam, ruth]) cookies[u.id] = await t.signIn(u.email, u.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const { as, uploadFile } = filesTestApi(() => t, cookies);

  it('downloads as an attachment with the name, nosniff and a sandbox', async () => {
    const file = await uploadFile(sam, '/', 'Prière du matin.txt', 'Seigneur, merci.');
    const response = await t.request(`/api/files/${file.id}/download`, { headers: as(ruth) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Pri_re du matin.txt"; filename*=UTF-8''Pri%C3%A8re%20du%20matin.txt`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength('Seigneur, merci.')));
    expect(await response.text()).toBe('Seigneur, merci.');
  });

  it('previews images and text inline in a sandbox the portal may frame', async () => {
    const text = await uploadFile(sam, '/', 'readme.txt', 'plain words', 'text/plain');
    const image = await uploadFile(sam, '/', 'logo.png', PNG_1X1, 'image/png');
    expect(image).toMatchObject({ mimeType: 'image/png', previewKind: 'image', size: PNG_1X1.length });

    const textPreview = await t.request(`/api/files/${text.id}/preview`, { headers: as(ruth) });
    expect(textPreview.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(textPreview.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(textPreview.headers.get('content-security-policy')).toBe(SANDBOX_INLINE);
    expect(textPreview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(textPreview.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await textPreview.text()).toBe('plain words');

    const imagePreview = await t.request(`/api/files/${image.id}/preview`, { headers: as(ruth) });
    expect(imagePreview.headers.get('content-type')).toBe('image/png');
    expect(imagePreview.headers.get('content-security-policy')).toBe(SANDBOX_INLINE);
    expect(Buffer.from(await imagePreview.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it('answers HEAD with the headers only (the viewer checks a file is there before framing it)', async () => {
    const text = await uploadFile(sam, '/', 'head.txt', 'head check', 'text/plain');
    const head = await t.request(`/api/files/${text.id}/preview`, { method: 'HEAD', headers: as(ruth) });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('10');
    expect(await head.text()).toBe('');
  });

  it('never serves HTML or SVG inline: they are attachments, not text/html or image/svg+xml', async () => {
    const html = await uploadFile(sam, '/', 'evil.html', '<script>parent.__pwned = 1</script>', 'text/html');
    const svg = await uploadFile(
      sam,
      '/',
      'evil.svg',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'image/svg+xml',
    );
    // Declared as a picture, but its content is not one.
    const fake = await uploadFile(sam, '/', 'fake.png', '<script>alert(1)</script>', 'image/png');
    expect([html.previewKind, svg.previewKind, fake.previewKind]).toEqual([null, null, null]);
    expect(fake.mimeType).toBe('application/octet-stream');

    for (const file of [html, svg, fake]) {
      for (const route of ['preview', 'download']) {
        const response = await t.request(`/api/files/${file.id}/${route}`, { headers: as(ruth) });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type'), `${file.name} ${route}`).toBe('application/octet-stream');
        expect(response.headers.get('content-disposition')).toMatch(/^attachment; /);
        expect(response.headers.get('content-security-policy')).toMatch(/^sandbox; default-src 'none'/);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      }
    }
  });
});

/** The files API as the integration tests call it, with the answers typed. */
import { expect } from 'vitest';
import type { FileEntry, FolderListing } from '#shared/schemas/files';
import { multipartBody, type MultipartPart } from '#test-support/multipart';
import type { TestApp, TestUser } from '#test-support/test-database';

/**
 * Calls on the app `app()` returns, each as a person whose cookie is in `cookies` (by user
 * id). `app` is a function because the suites create the app in beforeAll, after this is called.
 */
export function filesTestApi(app: () => TestApp, cookies: Record<string, string>) {
  const as = (u: TestUser) => ({ cookie: cookies[u.id]! });
  const list = async (u: TestUser, folder = '/') => {
    const response = await app().request(`/api/files?${new URLSearchParams({ folder })}`, { headers: as(u) });
    expect(response.status).toBe(200);
    return (await response.json()) as FolderListing;
  };
  const upload = (u: TestUser | null, folder: string, parts: MultipartPart[], headers: Record<string, string> = {}) => {
    const { body, contentType } = multipartBody(parts);
    return app().request(`/api/files?${new URLSearchParams({ folder })}`, {
      method: 'POST',
      headers: { ...(u ? as(u) : {}), 'content-type': contentType, ...headers },
      body,
    });
  };
  const uploadFile = async (
    u: TestUser,
    folder: string,
    filename: string,
    content: string | Buffer,
    contentType = 'text/plain',
  ) => {
    const response = await upload(u, folder, [{ name: 'file', filename, value: content, contentType }]);
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { file: FileEntry }).file;
  };
  const createFolder = (u: TestUser | null, parent: string, name: unknown) =>
    app().postJson('/api/files/folders', { parent, name }, u ? as(u) : {});
  return { as, list, upload, uploadFile, createFolder };
}

/**
 * A small client for a real portal process (or a proxy in front of several): what a browser
 * does, over fetch. Cookies are kept per client; state-changing calls send the Origin header
 * a browser on `origin` would.
 */
import { multipartBody, PNG_1X1 } from '#test-support/multipart';

export class PortalClient {
  cookie = '';

  constructor(
    readonly baseUrl: string,
    /** The portal's BASE_URL, sent as Origin (it may differ from baseUrl behind a proxy). */
    readonly origin: string = baseUrl,
  ) {}

  fetch(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookie && !headers.has('cookie')) headers.set('cookie', this.cookie);
    const method = (init.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') headers.set('origin', this.origin);
    return fetch(`${this.baseUrl}${path}`, { ...init, headers });
  }

  postJson(path: string, body: unknown, method = 'POST') {
    return this.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  /** Signs in and keeps the session cookie; throws with the answer when refused. */
  async signIn(email: string, password: string): Promise<void> {
    const response = await this.signInResponse(email, password);
    if (response.status !== 200) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
    this.cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
  }

  signInResponse(email: string, password: string) {
    return this.postJson('/api/auth/sign-in/email', { email, password });
  }

  async json<T>(path: string): Promise<T> {
    const response = await this.fetch(path);
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async uploadFile(
    name: string,
    bytes: Buffer,
    contentType = 'text/plain',
    folder = '/',
  ): Promise<{ id: string; name: string }> {
    const { body, contentType: type } = multipartBody([{ name: 'file', filename: name, value: bytes, contentType }]);
    const response = await this.fetch(`/api/files?folder=${encodeURIComponent(folder)}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    if (response.status !== 201) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { file: { id: string; name: string } }).file;
  }

  async download(fileId: string): Promise<Buffer> {
    const response = await this.fetch(`/api/files/${fileId}/download`);
    if (response.status !== 200) throw new Error(`download ${fileId}: ${response.status} ${await response.text()}`);
    return Buffer.from(await response.arrayBuffer());
  }

  /** Creates a calendar event with a 1x1 PNG as its image; returns its image address. */
  async createEventWithImage(title: string): Promise<{ id: string; imageUrl: string }> {
    const fields = {
      title,
      description: 'Made by a test',
      location: 'Fellowship Hall',
      startDate: '2030-03-14T18:00:00.000Z',
      endDate: '2030-03-14T21:00:00.000Z',
    };
    const { body, contentType } = multipartBody([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'image', filename: 'image.png', value: PNG_1X1, contentType: 'image/png' },
    ]);
    const response = await this.fetch('/api/calendar/events', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    if (response.status !== 201) throw new Error(`create event: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { event: { id: string; imageUrl: string } }).event;
  }

  async getBytes(path: string): Promise<Buffer> {
    const response = await this.fetch(path);
    if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    return Buffer.from(await response.arrayBuffer());
  }
}

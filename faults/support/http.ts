import { ORIGIN } from './portal';

/** What the fault tests need of the API, as one signed-in person in one browser. */
export interface Session {
  cookie: string;
  get(base: string, path: string, init?: RequestInit): Promise<Response>;
  postJson(base: string, path: string, body: unknown): Promise<Response>;
  upload(base: string, folder: string, name: string, bytes: Uint8Array<ArrayBuffer>): Promise<Response>;
}

/** Signs in through the real endpoint and returns a session bound to its cookie. */
export async function signIn(base: string, email: string, password: string): Promise<Session> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
  return sessionWithCookie(cookie);
}

export function sessionWithCookie(cookie: string): Session {
  return {
    cookie,
    get: (base, path, init = {}) =>
      fetch(`${base}${path}`, { ...init, headers: { cookie, ...Object.fromEntries(new Headers(init.headers)) } }),
    postJson: (base, path, body) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    upload(base, folder, name, bytes) {
      const form = new FormData();
      form.set('file', new Blob([bytes], { type: 'application/octet-stream' }), name);
      return fetch(`${base}/api/files?folder=${encodeURIComponent(folder)}`, {
        method: 'POST',
        headers: { cookie, origin: ORIGIN },
        body: form,
      });
    },
  };
}

/** The JSON body of a response that must have succeeded; anything else throws with its text. */
export async function expectOk<T>(response: Response, what: string): Promise<T> {
  if (response.status < 200 || response.status > 299) {
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** The partners API as the integration tests call it, with the answers typed. */
import { expect } from 'vitest';
import type { TestApp } from '#test-support/test-database';

export interface PartnerJson {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  location: string | null;
  status: string;
  coordinator: string | null;
  notes: string | null;
  zone: string | null;
  cardholderStatus: boolean;
  lastContact: string | null;
  updatedAt: string;
}
export interface ListJson {
  partners: PartnerJson[];
  nextCursor: string | null;
}

/**
 * Calls on the app `app()` returns, as `signedIn()` unless another cookie is given. Both are
 * functions because the suites create them in beforeAll, after this is called.
 */
export function partnersTestApi(app: () => TestApp, signedIn: () => string) {
  const get = (path: string, cookie = signedIn()) => app().request(path, { headers: { cookie } });
  const put = (path: string, body: unknown, cookie = signedIn()) => app().sendJson('PUT', path, body, { cookie });
  const list = async (query: Record<string, string> = {}, cookie = signedIn()) => {
    const response = await get(`/api/partners?${new URLSearchParams(query)}`, cookie);
    expect(response.status).toBe(200);
    return (await response.json()) as ListJson;
  };
  const create = async (body: Record<string, unknown>, cookie = signedIn()) => {
    const response = await app().postJson('/api/partners', body, { cookie });
    expect(response.status).toBe(201);
    return ((await response.json()) as { partner: PartnerJson }).partner;
  };
  const names = (body: ListJson) => body.partners.map((x) => x.name);
  return { get, put, list, create, names };
}

/** A partner's contact log and timeline as the integration tests call them: four people, typed answers. */
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { coordinatorPermissions, partnerContacts } from '#server/db/schema';
import { createTestApp, type TestApp, type TestDatabaseTarget } from '#test-support/test-database';
import { partnersTestApi, type PartnerJson } from '#test-support/features/partners-test-api';

/** A logged contact as the API answers it. */
export interface ContactJson {
  id: string;
  kind: string;
  contactDate: string;
  body: string;
  createdBy: string | null;
}
/** One entry of a partner's timeline: its source's own fields besides these. */
export interface TimelineEntryJson {
  source: string;
  key: string;
  at: string;
  [field: string]: unknown;
}
/** A page of a partner's timeline. */
export interface TimelineJson {
  entries: TimelineEntryJson[];
  nextCursor: string | null;
}

/** What openContactLogFixture opens: the app, four sessions and the coordinator's id. */
export interface ContactLogFixture {
  t: TestApp;
  /** Sessions: an admin, a coordinator, a second coordinator, and one with the partners switch off. */
  cookies: { admin: string; coordinator: string; colleague: string; blocked: string };
  coordinatorId: string;
}

/** A test app with the four people signed in; the caller closes `t`. */
export async function openContactLogFixture(target: TestDatabaseTarget): Promise<ContactLogFixture> {
  const t = await createTestApp(target);
  await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
  const coordinatorId = (await t.createUser({ email: 'helper@example.org', password: 'helper-secret' })).id;
  await t.createUser({ email: 'colleague@example.org', password: 'colleague-secret' });
  const b = await t.createUser({ email: 'no-partners@example.org', password: 'blocked-secret' });
  await t.db.insert(coordinatorPermissions).values({ userId: b.id, feature: 'partners', enabled: false });
  const cookies = {
    admin: await t.signIn('pastor@example.org', 'admin-secret'),
    coordinator: await t.signIn('helper@example.org', 'helper-secret'),
    colleague: await t.signIn('colleague@example.org', 'colleague-secret'),
    blocked: await t.signIn('no-partners@example.org', 'blocked-secret'),
  };
  return { t, cookies, coordinatorId };
}

/**
 * Calls on the fixture `fixture()` returns (a function, as suites open it in beforeAll), as the
 * coordinator unless another cookie is given.
 */
export function contactLogTestApi(fixture: () => ContactLogFixture) {
  const coordinator = () => fixture().cookies.coordinator;
  const { get, create } = partnersTestApi(() => fixture().t, coordinator);
  const log = (partnerId: string, body: Record<string, unknown>, cookie = coordinator()) =>
    fixture().t.postJson(`/api/partners/${partnerId}/contacts`, { timeZone: 'UTC', ...body }, { cookie });
  const logged = async (partnerId: string, body: Record<string, unknown>, cookie = coordinator()) => {
    const response = await log(partnerId, body, cookie);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { contact: ContactJson; lastContact: string | null };
  };
  const remove = (partnerId: string, contactId: string, cookie = coordinator()) =>
    fixture().t.sendJson('DELETE', `/api/partners/${partnerId}/contacts/${contactId}`, undefined, { cookie });
  const lastContactOf = async (partnerId: string) =>
    ((await (await get(`/api/partners/${partnerId}`)).json()) as { partner: PartnerJson }).partner.lastContact;
  const contactCount = async (partnerId: string) =>
    (
      await fixture().t.db.select({ n: count() }).from(partnerContacts).where(eq(partnerContacts.partnerId, partnerId))
    )[0]!.n;
  const timeline = async (partnerId: string, cookie = coordinator(), cursor?: string) => {
    const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
    const response = await get(`/api/partners/${partnerId}/timeline${query}`, cookie);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as TimelineJson;
  };
  const newPartner = (name: string) =>
    create({ name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.org` });
  return { get, log, logged, remove, lastContactOf, contactCount, timeline, newPartner };
}

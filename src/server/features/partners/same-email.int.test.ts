import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { PartnersWithEmail } from '#shared/schemas/partners';

// The partner form's note when an email is already a partner's (decision 0162).
describe.each(testDatabaseTargets())('partners with an email on $name', (target) => {
  let t: TestApp;
  let coordinator: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    const rows = await t.db
      .insert(partners)
      .values([
        { name: 'Mary Thompson', email: 'Thompsons@Example.com' },
        { name: 'John Thompson', email: 'thompsons@example.com' },
        { name: 'Ada Thompson', email: 'THOMPSONS@example.com', archivedAt: new Date() },
        { name: 'Zoe Thompson', email: 'thompsons@example.com' },
        { name: 'Grace Church', email: 'office@grace.example' },
      ])
      .returning({ id: partners.id, name: partners.name });
    ids = Object.fromEntries(rows.map((r) => [r.name, r.id]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const ask = async (query: string) => {
    const response = await t.request(`/api/partners/with-email?${query}`, { headers: { cookie: coordinator } });
    return { status: response.status, body: (await response.json()) as PartnersWithEmail & { error?: string } };
  };

  it('names the partners who have it, whatever its case, archived ones said so, and counts them all', async () => {
    const { status, body } = await ask('email=%20thompsons%40EXAMPLE.com%20');
    expect(status).toBe(200);
    expect(body).toEqual({
      partners: [
        { id: ids['Ada Thompson'], name: 'Ada Thompson', archived: true },
        { id: ids['John Thompson'], name: 'John Thompson', archived: false },
        { id: ids['Mary Thompson'], name: 'Mary Thompson', archived: false },
      ],
      total: 4,
    });
  });

  it('leaves out the partner being edited', async () => {
    const { body } = await ask(`email=office%40grace.example&except=${ids['Grace Church']}`);
    expect(body).toEqual({ partners: [], total: 0 });
    const other = await ask(`email=office%40grace.example&except=${ids['Zoe Thompson']}`);
    expect(other.body.partners.map((p) => p.name)).toEqual(['Grace Church']);
  });

  it('finds nobody for an email no partner has, nor for a part of one', async () => {
    expect((await ask('email=thompsons%40example')).body).toEqual({ partners: [], total: 0 });
    expect((await ask('email=new%40example.org')).body).toEqual({ partners: [], total: 0 });
  });

  it('refuses a missing email or a wrong partner id, with the reason', async () => {
    const missing = await ask('email=%20');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Email is required');
    const wrongId = await ask('email=a%40example.org&except=42');
    expect(wrongId.status).toBe(400);
    expect(wrongId.body.error).toBe('Invalid partner id');
  });
});

/**
 * Two real server processes on one PostgreSQL database and one S3-compatible store, behind a
 * round-robin proxy: what one instance does, the other sees. The proxy records which instance
 * answered each request, so every crossing below is checked, not assumed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_RULES } from './auth/sign-in-throttle';
import { FIXTURE_ADMIN, FIXTURE_ADMIN_ENV } from '#test-support/installation-fixture';
import { multipartBody } from '#test-support/multipart';
import { PortalClient } from '#test-support/portal-client';
import { startPortal, type PortalProcess } from '#test-support/portal-process';
import {
  CLIENT_ADDRESS_HEADER,
  PIN_HEADER,
  SERVED_BY_HEADER,
  startRoundRobinProxy,
} from '#test-support/round-robin-proxy';
import { startS3Server } from '#test-support/s3-server';
import { readSse } from '#test-support/sse';
import { testDatabaseTargets, type OpenedTestDatabase } from '#test-support/test-database';

// Spawns two whole server processes: seconds when idle, far more on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 300_000;

const postgres = testDatabaseTargets().find((t) => t.name === 'postgres');

describe.runIf(postgres)(
  'two instances behind a load balancer (needs TEST_DATABASE_URL: instances share PostgreSQL)',
  () => {
    let opened: OpenedTestDatabase;
    let s3: Awaited<ReturnType<typeof startS3Server>>;
    let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
    const instances: PortalProcess[] = [];
    const dataDirs: string[] = [];
    let admin: PortalClient;
    let coordinator: PortalClient;
    const coordinatorAccount = { email: 'sam@example.org', password: 'sam-long-password' };
    let coordinatorId: string;

    beforeAll(async () => {
      opened = await postgres!.open();
      await opened.database.close(); // the instances open their own connections
      s3 = await startS3Server();
      proxy = await startRoundRobinProxy();
      for (let i = 0; i < 2; i++) {
        const dataDir = await mkdtemp(path.join(tmpdir(), `portal-instance-${i}-`));
        dataDirs.push(dataDir);
        instances.push(
          startPortal({
            ...FIXTURE_ADMIN_ENV,
            DATA_DIR: dataDir,
            DATABASE_URL: opened.url!,
            ...s3.env,
            BASE_URL: proxy.url,
            TRUSTED_PROXIES: '127.0.0.1',
          }),
        );
      }
      // Started together on an empty database: they migrate and bootstrap without colliding.
      const urls = await Promise.all(instances.map((p) => p.listening(180_000)));
      proxy.setTargets(urls.map((u) => u.replace('localhost', '127.0.0.1')));

      admin = new PortalClient(proxy.url);
      await admin.signIn(FIXTURE_ADMIN.email, FIXTURE_ADMIN.password);
      const created = await admin.postJson('/api/admin/users', { ...coordinatorAccount, fullName: 'Sam Carter' });
      expect(created.status).toBe(201);
      coordinatorId = ((await created.json()) as { user: { id: string } }).user.id;
      expect((await admin.postJson('/api/admin/coordinators', { email: coordinatorAccount.email })).status).toBe(201);
      coordinator = new PortalClient(proxy.url);
      await coordinator.signIn(coordinatorAccount.email, coordinatorAccount.password);
    }, PROCESS_TEST_TIMEOUT_MS);

    afterAll(async () => {
      for (const p of instances) {
        p.kill();
        await p.exited;
      }
      await proxy?.close();
      await s3?.close();
      await opened?.dispose();
      for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    });

    const servedBy = (response: Response) => Number(response.headers.get(SERVED_BY_HEADER));
    const pinned = (instance: number) => ({ [PIN_HEADER]: String(instance) });

    it('sends requests to both instances in turn', async () => {
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(servedBy(await admin.fetch('/api/health')));
      expect(new Set(answers)).toEqual(new Set([0, 1]));
    });

    it('keeps a session made on one instance on the other', async () => {
      const client = new PortalClient(proxy.url);
      const signIn = await client.fetch('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...pinned(0) },
        body: JSON.stringify(FIXTURE_ADMIN),
      });
      expect(signIn.status).toBe(200);
      expect(servedBy(signIn)).toBe(0);
      client.cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');
      const me = await client.fetch('/api/me', { headers: pinned(1) });
      expect(servedBy(me)).toBe(1);
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(FIXTURE_ADMIN.email);
    });

    it('serves a file uploaded through one instance from the other', async () => {
      const bytes = Buffer.from('Quarterly giving report\n'.repeat(2000));
      const { body, contentType } = multipartBody([
        { name: 'file', filename: 'giving.txt', value: bytes, contentType: 'text/plain' },
      ]);
      const upload = await admin.fetch('/api/files?folder=/', {
        method: 'POST',
        headers: { 'content-type': contentType, ...pinned(0) },
        body,
      });
      expect(upload.status).toBe(201);
      expect(servedBy(upload)).toBe(0);
      const { file } = (await upload.json()) as { file: { id: string } };
      const download = await admin.fetch(`/api/files/${file.id}/download`, { headers: pinned(1) });
      expect(servedBy(download)).toBe(1);
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    });

    it('delivers a chat message sent through one instance to a stream held by the other', async () => {
      const stream = await coordinator.fetch('/api/realtime', { headers: pinned(1) });
      expect(servedBy(stream)).toBe(1);
      const events = readSse(stream);
      try {
        expect((await events.next(30_000)).event).toBe('ready');
        const content = 'Volunteers meet at nine on Saturday';
        const sent = await admin.fetch('/api/chat/messages', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...pinned(0) },
          body: JSON.stringify({ chatType: 'coordinator', partner: 'All Coordinators', content }),
        });
        expect(sent.status).toBe(201);
        expect(servedBy(sent)).toBe(0);
        let received;
        do received = await events.next(30_000);
        while (received.event !== 'chat.message');
        expect((JSON.parse(received.data) as { message: { content: string } }).message.content).toBe(content);
      } finally {
        await events.close();
      }
    });

    it('applies a permission change made on one instance to the next request on the other, and tells its stream', async () => {
      const channel = new URLSearchParams({ chatType: 'coordinator', partner: 'All Coordinators' });
      expect((await coordinator.fetch(`/api/chat/messages?${channel}`, { headers: pinned(1) })).status).toBe(200);
      const stream = await coordinator.fetch('/api/realtime', { headers: pinned(1) });
      const events = readSse(stream);
      try {
        expect((await events.next(30_000)).event).toBe('ready');
        const change = await admin.fetch(`/api/admin/coordinators/${coordinatorId}/permissions`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', ...pinned(0) },
          body: JSON.stringify({ feature: 'chat', enabled: false }),
        });
        expect(change.status).toBe(200);
        expect(servedBy(change)).toBe(0);
        let received;
        do received = await events.next(30_000);
        while (received.event !== 'permissions.changed');
        const refused = await coordinator.fetch(`/api/chat/messages?${channel}`, { headers: pinned(1) });
        expect(servedBy(refused)).toBe(1);
        expect(refused.status).toBe(403);
      } finally {
        await events.close();
      }
    });

    it('records a gift on either instance and alerts a coordinator of it', async () => {
      const grant = await admin.fetch(`/api/admin/coordinators/${coordinatorId}/permissions`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ feature: 'giving', enabled: true }),
      });
      expect(grant.status).toBe(200);
      const recordedOn = new Set<number>();
      for (const amount of ['11.00', '12.00']) {
        const gift = await admin.fetch('/api/giving/donations', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...pinned(recordedOn.size) },
          body: JSON.stringify({ partnerName: 'Hannah', amount, donationType: 'one-time' }),
        });
        expect(gift.status).toBe(201);
        recordedOn.add(servedBy(gift));
      }
      expect(recordedOn).toEqual(new Set([0, 1]));
      const listed = (await (await coordinator.fetch('/api/notifications')).json()) as {
        items: { title: string }[];
      };
      expect(listed.items.map((n) => n.title).sort()).toEqual([
        'Gift recorded: $11.00 from Hannah',
        'Gift recorded: $12.00 from Hannah',
      ]);
    });

    it('shares the sign-in limit: failures on both instances count together, by the address the proxy names', async () => {
      const free = THROTTLE_RULES.account.freeFailures;
      const attempt = (password: string) =>
        new PortalClient(proxy.url).fetch('/api/auth/sign-in/email', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            // The client claims an address of its own; only the one the proxy adds is believed.
            'x-forwarded-for': '6.6.6.6',
            [CLIENT_ADDRESS_HEADER]: '203.0.113.9',
          },
          body: JSON.stringify({ email: coordinatorAccount.email, password }),
        });
      const failedOn = new Set<number>();
      for (let i = 0; i < free; i++) {
        const response = await attempt('wrong-password');
        expect(response.status).toBe(401);
        failedOn.add(servedBy(response));
      }
      expect(failedOn).toEqual(new Set([0, 1]));
      // Refused on whichever instance answers, even with the right password.
      for (let i = 0; i < 2; i++) {
        const refused = await attempt(coordinatorAccount.password);
        expect(refused.status).toBe(429);
      }

      const client = new pg.Client({ connectionString: opened.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ key: string; failures: number }>(
          "select key, failures from sign_in_throttle where key like 'address:%' and failures > 0 order by key",
        );
        // One bucket for the client, counted by both instances; none for the made-up address or the proxy.
        expect(rows).toEqual([{ key: 'address:203.0.113.9', failures: free }]);
      } finally {
        await client.end();
      }
    });

    it('logs which instance answered each request of this test', () => {
      const byInstance = [0, 1].map((i) => proxy.served.filter((r) => r.instance === i).length);
      expect(byInstance[0]).toBeGreaterThan(3);
      expect(byInstance[1]).toBeGreaterThan(3);
    });
  },
);

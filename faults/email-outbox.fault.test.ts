import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '#test-support/smtp-server';
import { crash, freshPostgres, launch, tempDir, type Running } from './support/portal';

/**
 * The email sender across two instances on one PostgreSQL database (docs/decisions/0099), one
 * of them killed with -9 in the middle of sending and started again at once. Every queued email
 * must arrive; none twice, but for the one its killed sender had in hand (the server may have
 * accepted it before the process died: the window the decision names).
 */

const EMAILS = 200;
const KILL_AFTER = 60;
const FROM = 'Fault Ministry <office@fault.example.org>';

describe.runIf(process.env.TEST_DATABASE_URL)('email across two instances, one killed mid-send', () => {
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let smtp: TestSmtpServer;
  const dirs: Awaited<ReturnType<typeof tempDir>>[] = [];
  const envs: Record<string, string>[] = [];
  const running: (Running | undefined)[] = [];

  beforeAll(async () => {
    database = await freshPostgres(process.env.TEST_DATABASE_URL!);
    // About 20 ms per message: slow enough that a kill lands while a message is in flight.
    smtp = await startTestSmtpServer({ delayMs: 20 });
    for (let i = 0; i < 2; i++) {
      const dir = await tempDir(`portal-mail-${i}-`);
      dirs.push(dir);
      envs.push({ DATA_DIR: dir.dir, DATABASE_URL: database.url, SMTP_URL: smtp.url, MAIL_FROM: FROM });
    }
    // One after the other: the first applies the migrations.
    for (const env of envs) running.push(await launch(env));
  });
  afterAll(async () => {
    for (const r of running) {
      r?.portal.kill();
      await r?.portal.exited;
    }
    await smtp?.stop();
    await database?.remove();
    for (const dir of dirs) await dir.remove();
  });

  it('delivers every email, at most the one in hand at the kill twice', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        `insert into email_outbox (kind, to_address, subject, text, html)
         select 'fault', 'person' || n || '@example.org', 'Message ' || n, 'Hello ' || n, '<p>Hello ' || n || '</p>'
         from generate_series(1, $1::int) as n
         returning id`,
        [EMAILS],
      );
      const ids = rows.map((r) => `<${r.id}@fault.example.org>`);

      await smtp.waitFor(KILL_AFTER, 60_000);
      await crash(running[0]!);
      const killedAt = (await client.query<{ at: Date }>('select now() as at')).rows[0]!.at;
      running[0] = await launch(envs[0]!);
      // Time passes: the killed sender's lease on the email it had in hand runs out (5 minutes in
      // production), so the others may take it over. Only a lease taken before the kill: the
      // other instance's email in hand then has long been sent (20 ms each), and the leases it
      // takes since end later.
      await client.query(
        `update email_outbox set lease_until = now()
         where status = 'sending' and lease_until < $1::timestamptz + interval '5 minutes'`,
        [killedAt],
      );

      await smtp.waitFor(EMAILS, 120_000);
      let unsent = Infinity;
      for (let i = 0; i < 200 && unsent > 0; i++) {
        unsent = Number(
          (await client.query<{ n: string }>(`select count(*) as n from email_outbox where status <> 'sent'`)).rows[0]!
            .n,
        );
        if (unsent > 0) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(unsent).toBe(0);

      const received = smtp.received.map((r) => r.mail.messageId);
      expect(new Set(received)).toEqual(new Set(ids));
      expect(received.length - EMAILS).toBeLessThanOrEqual(1);
    } finally {
      await client.end();
    }
  });
});

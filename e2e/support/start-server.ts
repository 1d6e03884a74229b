/**
 * The server the browser tests talk to: a fresh data directory with the fixture accounts, then
 * the real server started as `npm start` starts it (`node dist/server/index.js`: lock,
 * migrations, listen) in a child process. Playwright stops it with SIGTERM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { eq } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { runMigrations } from '#server/db/migrate';
import { coordinatorPermissions, emailOutbox, partners, user } from '#server/db/schema';
import { createUserWithPassword, grantRole } from '#server/auth/users';
import { loadConfig } from '#server/env';
import { databaseTarget } from '#server/server';
import { startPortal } from '#test-support/portal-process';
import { startTestSmtpServer } from '#test-support/smtp-server';
import { E2E_MAIL_DIR, E2E_PORT, FAILED_EMAIL, PAGING_PARTNERS, USERS } from './users';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
// A real SMTP receiver: email is on, as in an installation with a mail server (issue 16).
fs.rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
fs.mkdirSync(E2E_MAIL_DIR, { recursive: true });
let mailCount = 0;
const smtp = await startTestSmtpServer({
  // Written under another name and renamed: a test reading the folder meanwhile never finds a
  // half-written email (a test failed on "Unexpected end of JSON input" in CI).
  onReceive: ({ mail, envelope }) => {
    const file = path.join(E2E_MAIL_DIR, `${String(++mailCount).padStart(4, '0')}.json`);
    fs.writeFileSync(`${file}.part`, JSON.stringify({ to: envelope.to, subject: mail.subject, text: mail.text }));
    fs.renameSync(`${file}.part`, file);
  },
});
const settings = {
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Grace Ministry <office@grace.example.org>',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_EMAIL: USERS.admin.email,
  ADMIN_PASSWORD: USERS.admin.password,
  BASE_URL: `http://localhost:${E2E_PORT}`,
  LOG_LEVEL: 'warn',
};
const inherited = Object.fromEntries(
  Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
);
const config = loadConfig({ ...inherited, ...settings });
const logger = pino({ level: 'warn' });

const database = await openDatabase(databaseTarget(config), logger);
await runMigrations(database);
const admin = await createUserWithPassword(database.db, { ...USERS.admin, fullName: USERS.admin.name });
await grantRole(database.db, admin.id, 'admin');
const coordinator = await createUserWithPassword(database.db, {
  ...USERS.coordinator,
  fullName: USERS.coordinator.name,
});
await grantRole(database.db, coordinator.id, 'coordinator');
const limited = await createUserWithPassword(database.db, { ...USERS.limited, fullName: USERS.limited.name });
await grantRole(database.db, limited.id, 'coordinator');
await database.db.insert(coordinatorPermissions).values([
  { userId: limited.id, feature: 'dashboard', enabled: false },
  { userId: limited.id, feature: 'partners', enabled: false },
  { userId: limited.id, feature: 'cardholder_success', enabled: false },
]);
// Chat: active cardholders get a channel each; the inactive one does not.
await database.db.insert(partners).values([
  { name: 'Esther Kim', email: 'esther.kim@example.com', zone: 'West', cardholderStatus: true, status: 'active' },
  {
    name: 'Samuel Okafor',
    email: 'samuel.okafor@example.com',
    zone: 'North',
    cardholderStatus: true,
    status: 'active',
  },
  { name: 'Former Cardholder', email: 'former@example.com', zone: 'South', cardholderStatus: true, status: 'inactive' },
]);
await database.db.update(user).set({ name: '' }).where(eq(user.id, limited.id));
for (const who of ['live', 'manager', 'member', 'changer', 'resetter', 'notified', 'traveller', 'treasurer'] as const) {
  const created = await createUserWithPassword(database.db, { ...USERS[who], fullName: USERS[who].name });
  await grantRole(database.db, created.id, 'coordinator');
  if (who === 'manager') {
    await database.db
      .insert(coordinatorPermissions)
      .values({ userId: created.id, feature: 'user_management', enabled: true });
  }
  if (who === 'treasurer') {
    await database.db.insert(coordinatorPermissions).values({ userId: created.id, feature: 'giving', enabled: true });
  }
  if (who === 'notified') {
    // Told only of what the notifications test does to them: other tests' gifts and partners
    // would otherwise reach this bell as donation alerts and partner updates.
    await database.db.insert(coordinatorPermissions).values([
      { userId: created.id, feature: 'dashboard', enabled: false },
      { userId: created.id, feature: 'partners', enabled: false },
    ]);
  }
}

// ---- Giving dashboard and partner directory (issue 4) ----
await database.db.insert(partners).values(
  Array.from({ length: PAGING_PARTNERS.count }, (_, i) => ({
    name: `${PAGING_PARTNERS.prefix} ${String(i + 1).padStart(2, '0')}`,
    email: `paging.partner.${i + 1}@example.org`,
    zone: PAGING_PARTNERS.zone,
    userId: admin.id,
  })),
);
// ---- Email (issue 16): one email the mail server refused, for "Send again" ----
await database.db.insert(emailOutbox).values({
  kind: 'password-reset',
  toAddress: FAILED_EMAIL.to,
  toName: 'Former Volunteer',
  subject: FAILED_EMAIL.subject,
  text: 'Hello Former Volunteer,\n\nThis email was refused once.\n',
  html: '<p>Hello Former Volunteer,</p><p>This email was refused once.</p>',
  status: 'failed',
  attempts: 1,
  lastError: '550 5.1.1 Recipient address rejected: User unknown',
});
await database.close();

const server = startPortal({ ...inherited, ...settings });
server.child.stdout!.pipe(process.stdout);
server.child.stderr!.pipe(process.stderr);
process.stdout.write(`e2e server starting on http://localhost:${E2E_PORT} (data in ${dataDir})\n`);

// Playwright waits for /api/health itself; a server that exits on its own fails the run.
let stopping = false;
void server.exited.then(async (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  await smtp.stop();
  process.exit(stopping ? 0 : typeof code === 'number' && code !== 0 ? code : 1);
});
const stop = () => {
  stopping = true;
  server.child.kill('SIGTERM');
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

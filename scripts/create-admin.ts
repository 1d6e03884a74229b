/**
 * `npm run create-admin -- --email E --password P [--name N]`: creates an administrator, or
 * resets the password of an existing account and makes it an administrator. Uses the same
 * DATA_DIR / DATABASE_URL as the server (stop a PGlite server first: it is single-process).
 */
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { z } from 'zod';
import { openDatabase } from '../src/server/db/client';
import { lockDataDir } from '../src/server/db/data-dir-lock';
import { runMigrations } from '../src/server/db/migrate';
import { createUserWithPassword, findUserByEmail, grantRole, setPassword } from '../src/server/auth/users';
import { loadConfig } from '../src/server/env';
import { databaseTarget } from '../src/server/server';
import { PASSWORD_MIN_LENGTH } from '../src/shared/limits';

const argsSchema = z.object({
  email: z.email('--email must be an email address'),
  password: z.string().min(PASSWORD_MIN_LENGTH, `--password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  name: z.string().trim().max(100).optional(),
});

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
const parsed = argsSchema.safeParse(values);
if (!parsed.success) {
  process.stderr.write(
    `${parsed.error.issues.map((i) => i.message).join('\n')}\n` +
      'Usage: npm run create-admin -- --email admin@example.org --password "a long password" [--name "Full Name"]\n',
  );
  process.exit(2);
}

const config = loadConfig();
const release = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
const database = await openDatabase(databaseTarget(config), pino({ level: 'warn' }));
try {
  await runMigrations(database);
  const { email, password, name } = parsed.data;
  const existing = await findUserByEmail(database.db, email);
  if (existing) {
    await setPassword(database.db, existing.id, password);
    await grantRole(database.db, existing.id, 'admin');
    process.stdout.write(`Reset the password of ${existing.email}; it is an administrator and was signed out everywhere.\n`);
  } else {
    const created = await createUserWithPassword(database.db, { email, password, fullName: name });
    await grantRole(database.db, created.id, 'admin');
    process.stdout.write(`Created administrator ${created.email}.\n`);
  }
} finally {
  await database.close();
  release();
}

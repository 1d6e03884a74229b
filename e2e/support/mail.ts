import fs from 'node:fs';
import path from 'node:path';
import { expect } from './fixtures';
import { E2E_MAIL_DIR } from './users';

/**
 * The newest email with `subject` the test SMTP server accepted for `address` (start-server.ts
 * writes them). The subject matters: other tests' changes email these people notifications too.
 */
export async function emailTo(address: string, subject: string): Promise<{ subject: string; text: string }> {
  let found: { to: string[]; subject: string; text: string } | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(E2E_MAIL_DIR)
          ? fs
              .readdirSync(E2E_MAIL_DIR)
              .filter((f) => f.endsWith('.json'))
              .sort()
              .reverse()
          : [];
        found = files
          .map((f) => JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, f), 'utf8')) as typeof found)
          .find((m) => m!.to.includes(address) && m!.subject === subject);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The reset or invitation link in an email's text. */
export const resetLinkIn = (text: string) => /http\S+\/reset-password\?token=\S+/.exec(text)![0];

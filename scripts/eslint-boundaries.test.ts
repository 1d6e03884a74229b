import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.boundaries.js, shown by fixtures that break them (issue 15):
 * each must be reported, and its allowed neighbour must not.
 */
describe('lint: import boundaries', () => {
  let eslint: ESLint;
  beforeAll(() => {
    // ignore: false, so that the cycle fixtures (kept out of a normal lint run) are read.
    eslint = new ESLint({ ignore: false });
  });

  /** The boundary and cycle messages for `code` as if it stood at `filePath`. */
  async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.resolve(filePath) });
    return result!.messages
      .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'import-x/no-cycle')
      .map((m) => `${m.ruleId}: ${m.message}`);
  }

  it.each([
    [
      'a server feature importing another feature',
      "import { listTasks } from '../tasks/service';\nexport const x = listTasks;\n",
      'src/server/features/chat/fixture.ts',
      'A server feature does not import another feature',
    ],
    [
      "a client feature importing another feature's components",
      "import { TaskItem } from '@/features/tasks/components/task-item';\nexport const x = TaskItem;\n",
      'src/client/features/chat/components/fixture.tsx',
      "imports only another feature's api/ and widgets/",
    ],
    [
      'a client feature importing the app shell',
      "import { router } from '@/app/router';\nexport const x = router;\n",
      'src/client/features/chat/components/fixture.tsx',
      'Features do not import the app shell',
    ],
    [
      'a server feature importing another feature through the alias',
      "import { listTasks } from '#server/features/tasks/service';\nexport const x = listTasks;\n",
      'src/server/features/chat/fixture.ts',
      'A server feature does not import another feature',
    ],
    [
      'the platform importing a feature',
      "import { replayMessages } from '../features/chat/service';\nexport const x = replayMessages;\n",
      'src/server/http/fixture.ts',
      'The server platform (http, auth, realtime, storage, db) does not import features',
    ],
    [
      'production code importing test support',
      "import { createTestApp } from '#test-support/test-database';\nexport const x = createTestApp;\n",
      'src/server/features/chat/fixture.ts',
      'Production code does not import test support',
    ],
  ])('rejects %s', async (_what, code, filePath, message) => {
    const errors = await boundaryErrors(code, filePath);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    [
      'a server feature importing its own service',
      "import { sendMessage } from './service';\nexport const x = sendMessage;\n",
      'src/server/features/chat/fixture.ts',
    ],
    [
      "a client feature importing another feature's api",
      "import { useMe } from '@/features/auth/api/get-me';\nexport const x = useMe;\n",
      'src/client/features/chat/components/fixture.tsx',
    ],
    [
      "a client feature importing another feature's widgets",
      "import { PartnerGifts } from '@/features/giving/widgets/partner-gifts';\nexport const x = PartnerGifts;\n",
      'src/client/features/partners/components/fixture.tsx',
    ],
    [
      'a test importing test support',
      "import { createTestApp } from '#test-support/test-database';\nexport const x = createTestApp;\n",
      'src/server/features/chat/fixture.int.test.ts',
    ],
    [
      'app.ts composing features',
      "import { chatRoutes } from './features/chat/routes';\nexport const x = chatRoutes;\n",
      'src/server/app-fixture.ts',
    ],
  ])('allows %s', async (_what, code, filePath) => {
    expect(await boundaryErrors(code, filePath)).toEqual([]);
  });

  /** The messages of the restricted-imports rule (aliases, client to server) for `code` at `filePath`. */
  async function importErrors(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.resolve(filePath) });
    return result!.messages
      .filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports')
      .map((m) => m.message);
  }

  it.each([
    [
      "a climb of two or more '../'",
      "import { checkAmount } from '../../../shared/money';\nexport const x = checkAmount;\n",
      'src/server/features/chat/fixture.ts',
      'Import through an alias',
    ],
    [
      'the client importing server code through the alias',
      "import { createApp } from '#server/app';\nexport const x = createApp;\n",
      'src/client/lib/fixture.ts',
      'The client may import only types from the server',
    ],
    [
      'shared code importing the server',
      "import type { Db } from '#server/db/client';\nexport type X = Db;\n",
      'src/shared/fixture.ts',
      'src/shared imports neither client nor server',
    ],
  ])('rejects %s', async (_what, code, filePath, message) => {
    const errors = await importErrors(code, filePath);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    [
      'an alias',
      "import { checkAmount } from '#shared/money';\nexport const x = checkAmount;\n",
      'src/server/features/chat/fixture.ts',
    ],
    [
      'a neighbour one level up',
      "import { refuse } from '../errors';\nexport const x = refuse;\n",
      'src/server/service/x/fixture.ts',
    ],
    [
      'a type from the server in the client',
      "import type { AppType } from '#server/app';\nexport type X = AppType;\n",
      'src/client/lib/fixture.ts',
    ],
  ])('allows %s', async (_what, code, filePath) => {
    expect(await importErrors(code, filePath)).toEqual([]);
  });

  it('rejects an import cycle', async () => {
    const dir = path.join('src', `lint-fixtures-${randomBytes(4).toString('hex')}`);
    fs.mkdirSync(dir);
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b();\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a();\n");
      const errors = await boundaryErrors(fs.readFileSync(path.join(dir, 'a.ts'), 'utf8'), path.join(dir, 'a.ts'));
      expect(errors).toEqual([expect.stringContaining('import-x/no-cycle')]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

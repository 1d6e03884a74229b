/**
 * docs/deployment.md may show only shell commands that a test runs: each command in a `sh`
 * block must be the literal first argument of a runShellCommand(...) call in some test file,
 * which runs it through `sh -c` as a person would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '#test-support/portal-process';
import { runShellCommand } from '#test-support/shell-command';

const DOC = path.join(REPO_ROOT, 'docs', 'deployment.md');
const doc = fs.readFileSync(DOC, 'utf8');

/** The commands of every ```sh block: one per line, backslash continuations joined. */
function documentedCommands(markdown: string): string[] {
  const commands: string[] = [];
  for (const block of markdown.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    const joined = block[1]!.replace(/\\\n\s*/g, ' ');
    for (const line of joined.split('\n')) {
      const command = line.trim();
      if (command && !command.startsWith('#')) commands.push(command);
    }
  }
  return commands;
}

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every command some test passes to runShellCommand as a string literal. */
function commandsRunByTests(): Set<string> {
  const run = new Set<string>();
  for (const file of [...testFiles(path.join(REPO_ROOT, 'src')), ...testFiles(path.join(REPO_ROOT, 'scripts'))]) {
    for (const call of fs.readFileSync(file, 'utf8').matchAll(/runShellCommand\(\s*'((?:[^'\\]|\\.)*)'/g)) {
      run.add(call[1]!.replace(/\\'/g, "'"));
    }
  }
  return run;
}

describe('docs/deployment.md', () => {
  const commands = documentedCommands(doc);

  it('shows only commands that a test runs', () => {
    expect(commands.length).toBeGreaterThanOrEqual(6);
    const run = commandsRunByTests();
    expect(commands.filter((command) => !run.has(command))).toEqual([]);
  });

  it('links only files that exist', () => {
    const links = [...doc.matchAll(/\]\((\.\.\/[^)#]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(fs.existsSync(path.resolve(path.dirname(DOC), link)), link).toBe(true);
  });

  it('ships a systemd unit that systemd accepts', async () => {
    const result = await runShellCommand('systemd-analyze verify deploy/portal.service');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  }, 60_000);
});

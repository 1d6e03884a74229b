import { spawn } from 'node:child_process';
import { REPO_ROOT } from '#test-support/portal-process';

export interface ShellResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command the way a person types it (`sh -c`, from the repository root), with only
 * PATH, HOME and the given environment. docs/deployment.md may show only commands that some
 * test runs through this function, written as a literal (docs/deployment.test.ts checks).
 */
export function runShellCommand(command: string, env: Record<string, string> = {}): Promise<ShellResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
}

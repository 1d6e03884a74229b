import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { APP_ROOT } from '#server/app-root';

export const REPO_ROOT = APP_ROOT;

/** The command `npm start` runs once scripts/ensure-build.mjs has built the server. */
export const SERVER_ENTRY = 'dist/server/index.js';

let built = false;

/**
 * Builds the server and the database template when missing or older than their sources
 * (scripts/ensure-build.mjs; fast when they are current), once per process. startPortal calls
 * it; call it first yourself when the spawn is being timed.
 */
export function ensureServerBuilt(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ['scripts/ensure-build.mjs', 'server'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `building the server failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
  built = true;
}

export interface PortalProcess {
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
  /** Resolves with the base URL once the log says 'portal is listening'; rejects if it exits first. */
  listening(timeoutMs?: number): Promise<string>;
  /** Sends SIGKILL if it is still running (clean-up after a failed test). */
  kill(): void;
}

/**
 * Starts the real server the way `npm start` does (`node dist/server/index.js` after the build,
 * one pid to stop), with only the environment given here plus PATH/HOME, so nothing from the
 * test run leaks in.
 */
export function startPortal(env: Record<string, string>): PortalProcess {
  ensureServerBuilt();
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(code ?? signal ?? 'unknown');
      for (const listener of listeners) listener();
    });
  });

  return {
    child,
    output: () => output,
    exited,
    listening(timeoutMs = 30_000) {
      return new Promise<string>((resolve, reject) => {
        const check = () => {
          // Complete lines only (the last may still be arriving); pino writes one JSON object each.
          for (const line of output.split('\n').slice(0, -1)) {
            const entry = parseLogLine(line);
            if (entry?.msg === 'portal is listening' && entry.url) return done(() => resolve(entry.url!));
          }
          if (child.exitCode !== null || child.signalCode !== null) {
            done(() => reject(new Error(`the portal exited before listening:\n${output}`)));
          }
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`the portal did not listen within ${timeoutMs} ms:\n${output}`))),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          settle();
        };
        listeners.add(check);
        check();
      });
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

function parseLogLine(line: string): { msg?: string; url?: string } | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as { msg?: string; url?: string };
  } catch {
    return undefined;
  }
}

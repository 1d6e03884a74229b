import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

/**
 * Who holds the lock: the pid, and where the system can tell, when that process started (in
 * clock ticks since boot) and which boot it belongs to. A pid alone is not an identity: a
 * process killed with -9 stays a zombie until its parent reaps it, and after a reboot its pid
 * may belong to an unrelated process (docs/decisions/0095).
 */
interface LockOwner {
  pid: number;
  startTime?: string;
  bootId?: string;
}

/**
 * PGlite is single-process: two processes on one data directory silently lose writes. The
 * lock file names its owner (above); a lock whose owner is gone (crash, kill -9, a reboot) is
 * taken over at once.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'portal.lock');
  const { state: _state, ...owner } = identityOf(process.pid);
  const me = JSON.stringify(owner);

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, me);
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === me) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = parseOwner(fs.readFileSync(lockPath, 'utf8'));
      if (holder && isAlive(holder)) {
        throw new DataDirLockedError(
          `Another portal process (pid ${holder.pid}) is already using the data directory ${dataDir}. ` +
            'Stop it first, or start this one with a different DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}

/** The lock file's owner: this format, or a bare pid as written before 0095. Null when unreadable. */
function parseOwner(text: string): LockOwner | null {
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()) };
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid)) return null;
    return { pid: value.pid!, startTime: value.startTime, bootId: value.bootId };
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  if (owner.pid <= 0 || owner.pid === process.pid) return false;
  const now = identityOf(owner.pid);
  if (now.state === undefined) {
    // No /proc (not Linux): ask the kernel whether the pid exists, the best it can say.
    try {
      process.kill(owner.pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  if (now.state === 'gone' || now.state === 'Z' || now.state === 'X') return false;
  // Another boot, or the pid now names a process that started at another moment: not the owner.
  if (owner.bootId && now.bootId && owner.bootId !== now.bootId) return false;
  if (owner.startTime && now.startTime && owner.startTime !== now.startTime) return false;
  return true;
}

/**
 * What Linux says of a pid: its state ('Z' zombie, 'X' dead, 'gone' when there is no such
 * process) and start time from /proc/<pid>/stat, and the boot id. Empty where /proc is absent.
 */
function identityOf(pid: number): LockOwner & { state?: string } {
  const bootId = readOrUndefined('/proc/sys/kernel/random/boot_id')?.trim();
  if (!fs.existsSync('/proc/self/stat')) return { pid };
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  if (stat === undefined) return { pid, bootId, state: 'gone' };
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  // The fields after it start at the state (field 3); the start time is field 22.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { pid, bootId, state: fields[0], startTime: fields[19] };
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

import { forgetAccount } from './account';
import { idbClear } from './idb';
import { clearQueueInMemory } from './queue-store';

/**
 * Removes everything this app kept on the device: the saved answers and the queued writes of
 * every account, and whose they were. Called at sign-out and whenever the server says nobody
 * is signed in (issue 24: nothing a person may no longer see is kept).
 */
export async function forgetOfflineData(): Promise<void> {
  forgetAccount();
  clearQueueInMemory();
  await idbClear().catch(() => undefined);
}

import { setTimeout as sleep } from 'node:timers/promises';
import { readSse, type SseMessage } from '#test-support/sse';

/**
 * Reads a realtime stream in the background into a list. Waiting with a timeout then never
 * swallows an event, as abandoning a pending read of the stream would.
 */
export function collectSse(response: Response) {
  const stream = readSse(response);
  const events: SseMessage[] = [];
  let ended = false;
  const pump = (async () => {
    try {
      for (;;) events.push(await stream.next(24 * 60 * 60 * 1000));
    } catch {
      ended = true;
    }
  })();
  return {
    events,
    /** The first event from index `from` on that matches, or undefined after `timeoutMs`. */
    async waitFor(match: (event: SseMessage) => boolean, timeoutMs: number, from = 0): Promise<SseMessage | undefined> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find(match);
        if (found || ended || Date.now() > deadline) return found;
        await sleep(50);
      }
    },
    async close() {
      await stream.close();
      await pump;
    },
  };
}

import type { Logger } from '../logger';

export interface Poller {
  /** Runs now instead of at the next poll; while a round runs, one more follows it. */
  wake(): void;
  /** Lets the round in hand finish, then stops. */
  stop(): Promise<void>;
}

/**
 * Runs `round` now and then every `pollMs` after the last one ended (or at once on `wake`),
 * one round at a time: the email sender's and the job runner's loop. A failed round is logged
 * as `failure` and the next one tries again. `stopping` tells a round in hand to end early.
 */
export function startPoller(
  round: (stopping: () => boolean) => Promise<unknown>,
  options: { pollMs: number; logger: Logger; failure: string },
): Poller {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = round(() => stopped)
      .then(
        () => undefined,
        (err: unknown) => options.logger.error({ err }, options.failure),
      )
      .finally(() => {
        running = undefined;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else {
          timer = setTimeout(run, options.pollMs);
          timer.unref();
        }
      });
  };
  run();

  return {
    wake: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

import type { Page, Request, Route } from '@playwright/test';

/**
 * Holds the page's requests that `matches` picks (all to `url` by default) before they reach
 * the server, as a large upload on a slow line would, until `release()`; then they go on, or,
 * with `abort`, are dropped (the page gave up on them meanwhile).
 */
export async function holdRequests(
  page: Page,
  url: string,
  { matches = () => true, abort = false }: { matches?: (request: Request) => boolean; abort?: boolean } = {},
) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The held requests on their way: the route is removed only once they have gone on, or
  // Playwright lets them through itself and the handler's own continue fails.
  const pending = new Set<Promise<void>>();
  const handler = (route: Route) => {
    if (!matches(route.request())) return route.continue();
    const passing = (async () => {
      await held;
      if (abort) await route.abort().catch(() => undefined);
      else await route.continue();
    })();
    pending.add(passing);
    return passing;
  };
  await page.route(url, handler);
  return {
    release: async () => {
      release();
      await Promise.all(pending);
      await page.unroute(url, handler);
    },
  };
}

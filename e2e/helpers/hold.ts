// Holding a request back until the test lets it through: for an order of
// arrival that a fast or slow machine would give only by chance (an engine
// after the page, a host's listener after its frames).
import type { Page } from '@playwright/test';

/** Holds every request matching `url` until the returned function is called; they then go on unchanged. */
export async function holdBack(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(url, async (route) => { await held; await route.continue(); });
  return release;
}

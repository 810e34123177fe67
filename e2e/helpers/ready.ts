// Waiting for readiness, not for time: every attention-lab element has an
// `updateComplete` promise that resolves once it shows its current
// attributes (the render after the last change and the work that render
// started: engine or bank loading, the heatmap's deferred tables, a run).
import type { Frame, Page } from '@playwright/test';

/**
 * Resolves when every attention-lab element in the page (in shadow roots
 * too, such as the review's quiz) has been defined and has completed its
 * update. Elements whose code loads later (the lesson pages load the quiz
 * after the first heatmap has painted) are waited for until they upgrade.
 */
export async function elementsReady(page: Page | Frame, selector = '*'): Promise<void> {
  await page.evaluate(async (sel) => {
    type El = Element & { updateComplete?: Promise<boolean> };
    const collect = (): El[] => {
      const out: El[] = [];
      const walk = (root: Document | ShadowRoot) => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          if (el.localName.startsWith('attn-') && el.matches(sel)) out.push(el);
          if (el.shadowRoot) walk(el.shadowRoot);
        }
      };
      walk(document);
      return out;
    };
    // An update can put new elements on the page (a review starts its quiz): repeat until none is new.
    const done = new Set<El>();
    for (let pass = 0; pass < 5; pass++) {
      const fresh = collect().filter((el) => !done.has(el));
      if (!fresh.length) return;
      await Promise.all(fresh.map(async (el) => {
        await customElements.whenDefined(el.localName);
        await el.updateComplete;
        done.add(el);
      }));
    }
  }, selector);
}

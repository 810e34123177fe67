// A press that the page changes under: the pointer goes down on a control,
// the page redraws or moves it, the pointer comes up. Used by quiz.spec and
// slow-cpu.spec.
import type { Locator, Page } from '@playwright/test';

/** Redraws the element (its language switched and back) and says whether the node `sel` was replaced. */
export function redraw(el: Locator, sel: string): Promise<boolean> {
  return el.evaluate(async (e, s) => {
    const before = e.shadowRoot!.querySelector(s)!;
    const lang = e.getAttribute('lang') ?? 'en';
    for (const l of [lang === 'en' ? 'zh-CN' : 'en', lang]) {
      e.setAttribute('lang', l);
      await (e as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    }
    return !before.isConnected;
  }, sel);
}

/** Puts the mouse over the middle of `target`. */
export async function pointerTo(page: Page, target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

/** Moves the element down the page by `px`, as a section or widget above it growing while it loads would. */
export function shiftDown(el: Locator, px: number): Promise<void> {
  return el.evaluate((e, n) => {
    const spacer = document.createElement('div');
    spacer.style.height = `${n}px`;
    e.before(spacer);
  }, px);
}

// Type hierarchy inside an element's shadow root: every section heading is set
// larger than the lines of its section (a result line may be bold, but not in
// a bigger type than the heading above it).
import type { Locator } from '@playwright/test';

/** The lines (by part or tag) set as large as, or larger than, their section's heading. */
export const outrankingHeadings = (el: Locator): Promise<string[]> => el.evaluate((host) => {
  const out: string[] = [];
  for (const section of host.shadowRoot!.querySelectorAll('section')) {
    const h = section.querySelector('h3');
    if (!h) continue;
    const size = parseFloat(getComputedStyle(h).fontSize);
    for (const line of section.querySelectorAll('p, caption, label, summary')) {
      if (line.closest('section') !== section || !line.textContent?.trim()) continue;
      if (parseFloat(getComputedStyle(line).fontSize) >= size) {
        out.push(`${line.getAttribute('part') ?? line.tagName.toLowerCase()} (${getComputedStyle(line).fontSize}) under "${h.textContent}" (${size}px)`);
      }
    }
  }
  return out;
});

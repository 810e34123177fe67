// axe-core inside Playwright. The strict CSP refuses inline <script> tags, so
// axe is injected with page.evaluate(source) (DevTools protocol evaluation,
// not subject to the page's CSP): no bypassCSP context is needed.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 A and AA rules (axe tags). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeSummary {
  violations: string[];
  /** Nodes axe could not decide for colour contrast (e.g. text over a gradient): reported, judged by the caller. */
  contrastIncomplete: string[];
}

/** Runs axe on the whole document (or a selector) and returns its violations as readable lines. */
export async function runAxe(page: Page, include?: string): Promise<AxeSummary> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async ({ tags, include }) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{
      violations: { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
      incomplete: { id: string; nodes: { target: unknown[]; any: { message: string }[] }[] }[];
    }> } }).axe;
    const r = await axe.run(include ? { include: [[include]] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations', 'incomplete'] });
    const t = (n: { target: unknown[] }) => JSON.stringify(n.target);
    return {
      violations: r.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.help}): ${t(n)} ${n.failureSummary ?? ''}`.trim())),
      contrastIncomplete: r.incomplete.filter((v) => v.id === 'color-contrast')
        .flatMap((v) => v.nodes.map((n) => `${t(n)} ${n.any.map((a) => a.message).join('; ')}`)),
    };
  }, { tags: WCAG_TAGS, include });
}

// @vitest-environment happy-dom
// <attn-heads> with the real attn_torch module (Node reads its .wasm): no DOM
// until its first render (a page defines the element in one task, and every
// instance is constructed in it), then the shapes, the B × H grid, the five
// tables with the numbers Debian's PyTorch prints (e2e/golden/bonus_0.json),
// the verdict and the fused kernel's steps.
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../engine/torch/browser', () => ({ getTorch: () => new Promise(() => {}) }));

import { loadTorch } from '../../engine/torch/torch.js';
import type { AttnHeads as AttnHeadsT } from './attn-heads';

const root = process.cwd();
const golden = JSON.parse(readFileSync(`${root}/e2e/golden/bonus_0.json`, 'utf8')) as {
  shapeLine: string; mine00: string; q00: string; mine: number[];
};
const printed = (text: string) => text.match(/-?\d+\.\d+/g)!;
let AttnHeads: typeof AttnHeadsT;
const sr = (el: Element) => el.shadowRoot!;
const cells = (el: Element, part: string) => Array.from(sr(el).querySelectorAll(`table[part="${part}"] tbody td`), (n) => n.textContent ?? '');

// The engine loads when the element nears the viewport: here it is near as soon as it is observed.
class NearObserver {
  constructor(private readonly cb: (e: { isIntersecting: boolean }[]) => void) {}
  observe(): void { queueMicrotask(() => this.cb([{ isIntersecting: true }])); }
  disconnect(): void {}
}

beforeAll(async () => {
  vi.stubGlobal('IntersectionObserver', NearObserver);
  ({ AttnHeads } = await import('./attn-heads'));
  const wasmBinary = readFileSync(`${root}/web/generated/attn_torch.wasm`);
  AttnHeads.engine = () => loadTorch({ wasmBinary });
});

afterEach(() => document.body.replaceChildren());

describe('<attn-heads>', () => {
  it('builds nothing when constructed, and its whole view at its first render', async () => {
    const el = document.createElement('attn-heads') as AttnHeadsT;
    expect(sr(el).childElementCount).toBe(0);
    el.setAttribute('lang', 'en');
    el.setAttribute('seed', '0');
    el.setAttribute('causal', '');
    document.body.append(el);
    await el.updateComplete;
    expect(el.mine.length).toBe(2 * 4 * 5 * 16);
    expect(sr(el).querySelector('[part="shape"]')!.textContent).toBe(golden.shapeLine);
    expect(sr(el).querySelectorAll('[part="head"]')).toHaveLength(8);
    expect(sr(el).querySelectorAll('.tables table')).toHaveLength(5);
    expect(cells(el, 'mine')).toEqual(printed(golden.mine00));
    expect(cells(el, 'q')).toEqual(printed(golden.q00));
    expect(sr(el).querySelector('[part="allclose"]')!.textContent).toContain('allclose: True');
    expect(el.allclose).toBe(true);
    for (const hd of Array.from(sr(el).querySelectorAll('h3'))) expect(hd.textContent!.trim()).not.toBe('');
    expect(sr(el).querySelector('label[for="row"]')!.textContent!.trim()).not.toBe('');
    // the step-by-step follows the row select, and its last output is the row of mine
    const select = sr(el).querySelector<HTMLSelectElement>('[part="row-select"]')!;
    expect(select.options).toHaveLength(5);
    select.value = '2';
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(sr(el).querySelector('[part="steps"]')!.getAttribute('aria-label')).toMatch(/ 2 /);
    expect(sr(el).querySelector('[part="step-end"]')!.textContent).not.toBe('');
  });
});

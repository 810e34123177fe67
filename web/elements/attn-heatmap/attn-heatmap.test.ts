// @vitest-environment happy-dom
// The element's wiring with a stand-in engine (the real arithmetic is checked
// against NumPy in e2e/heatmap.spec.ts): loading state, one engine Heatmap per
// (seed, tokens, dk-max) freed on change and on disconnect, attributes ↔
// properties, events, bad-input messages, the keyboard grid.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../engine/core/browser', () => ({ getEngine: () => new Promise(() => {}) }));

import type { Engine } from '../../engine/core/browser';
import type { AttnHeatmap as AttnHeatmapT, AttnHeatmapChangeDetail } from './attn-heatmap';

let AttnHeatmap: typeof AttnHeatmapT;
const created: { key: string; deleted: boolean; computes: unknown[][] }[] = [];

/** Stand-in engine: weights are a deterministic softmax of i·j·dk/divisor. */
function fakeEngine(): Engine {
  return {
    createHeatmap(seed: unknown, tokens: number, dkMax: number) {
      const rec = { key: `${String(seed)}|${tokens}|${dkMax}`, deleted: false, computes: [] as unknown[][] };
      created.push(rec);
      let w = new Float64Array(tokens * tokens);
      let s = new Float64Array(tokens * tokens);
      return {
        tokens, dkMax,
        compute(dk: number, scale: string, causal: boolean) {
          rec.computes.push([dk, scale, causal]);
          const div = scale === 'sqrt' ? Math.sqrt(dk) : scale === 'dk' ? dk : 1;
          s = new Float64Array(tokens * tokens);
          w = new Float64Array(tokens * tokens);
          for (let i = 0; i < tokens; i++) {
            let sum = 0;
            for (let j = 0; j < tokens; j++) {
              s[i * tokens + j] = causal && j > i ? -Infinity : (((i + 1) * (j + 1)) % 5) * dk / div / 10;
              w[i * tokens + j] = Math.exp(s[i * tokens + j]);
              sum += w[i * tokens + j];
            }
            for (let j = 0; j < tokens; j++) w[i * tokens + j] /= sum;
          }
          return { scoreStd: 1, meanRowMax: 0.5, maxRowSumError: 0 };
        },
        weights: () => new Float64Array(w),
        scores: () => new Float64Array(s),
        rawScores: () => new Float64Array(s.map((x) => (x === -Infinity ? 0 : x))),
        rowMax: () => new Float64Array(tokens).fill(0.5),
        rowSums: () => new Float64Array(tokens).fill(1),
        delete: () => { rec.deleted = true; },
      };
    },
  } as unknown as Engine;
}

const sr = (el: Element) => el.shadowRoot!;

beforeAll(async () => {
  ({ AttnHeatmap } = await import('./attn-heatmap'));
});

afterEach(() => {
  document.body.replaceChildren();
  created.length = 0;
});

describe('<attn-heatmap> before the engine is ready', () => {
  it('shows a loading line, never a blank element', async () => {
    const el = document.createElement('attn-heatmap');
    document.body.append(el);
    // (the engine never arrives, so the update is not complete: wait for the loading render)
    await vi.waitFor(() => expect(sr(el).querySelector('.status')!.textContent).not.toBe(''));
    const status = sr(el).querySelector('.status')!;
    expect(status.hasAttribute('hidden')).toBe(false);
    expect(status.textContent).toContain('正在加载');
    expect(el.weights.length).toBe(0);
  });

  it('says so when the engine fails to load, without throwing', async () => {
    AttnHeatmap.engine = () => Promise.reject(new Error('boom'));
    const el = document.createElement('attn-heatmap');
    el.setAttribute('lang', 'en');
    document.body.append(el);
    await el.updateComplete;
    expect(sr(el).querySelector('.status')!.textContent).toContain('did not load (boom)');
  });
});

describe('<attn-heatmap> with an engine', () => {
  const mount = async (attrs: Record<string, string> = {}) => {
    AttnHeatmap.engine = async () => fakeEngine();
    const el = document.createElement('attn-heatmap');
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    document.body.append(el);
    await el.updateComplete;
    return el;
  };

  it('computes, exposes fresh copies and emits a typed change event', async () => {
    const events: AttnHeatmapChangeDetail[] = [];
    document.addEventListener('attn-heatmap-change', (e) => events.push((e as CustomEvent<AttnHeatmapChangeDetail>).detail));
    const el = await mount({ tokens: '4' });
    expect(el.weights.length).toBe(16);
    expect(el.weights).not.toBe(el.weights);
    el.weights[0] = 99;
    expect(el.weights[0]).not.toBe(99);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ tokens: 4, dk: 16, dkMax: 512, seed: '0', scale: 'sqrt', causal: false });
    expect(events[0].weights.length).toBe(16);
    el.causal = true;
    await el.updateComplete;
    expect(el.getAttribute('causal')).toBe('');
    expect(events).toHaveLength(2);
    expect(el.scores[1]).toBe(-Infinity);
    expect(sr(el).querySelector('.readouts')!.textContent).toContain('+ M');
  });

  it('keeps one engine Heatmap per (seed, tokens, dk-max) and frees the old one', async () => {
    const el = await mount();
    expect(created.map((c) => c.key)).toEqual(['0|6|512']);
    el.dk = 32;
    el.scale = 'none';
    await el.updateComplete;
    expect(created).toHaveLength(1); // d_k and scale reuse the draws
    expect(created[0].computes.at(-1)).toEqual([32, 'none', false]);
    el.seed = 5n;
    await el.updateComplete;
    expect(created.map((c) => [c.key, c.deleted])).toEqual([['0|6|512', true], ['5|6|512', false]]);
    el.remove();
    expect(created[1].deleted).toBe(true);
  });

  it('bad input: visible message naming attribute and range, last valid state kept, cleared when fixed', async () => {
    const el = await mount({ lang: 'en' });
    const before = el.weights;
    el.setAttribute('dk', 'abc');
    await el.updateComplete;
    const msg = sr(el).querySelector('.message')!;
    expect(msg.hasAttribute('hidden')).toBe(false);
    expect(msg.textContent).toContain('Attribute dk must be an integer from 1 to 512');
    expect(el.dk).toBe(16);
    expect(el.weights).toEqual(before);
    expect(el.inputErrors).toHaveLength(1);
    el.setAttribute('dk', '20');
    await el.updateComplete;
    expect(msg.hasAttribute('hidden')).toBe(true);
    expect(el.dk).toBe(20);
  });

  it('labels of another count than tokens: a quiet note (not an alert), gone when they match', async () => {
    const el = await mount({ lang: 'en', tokens: '6', labels: 'The,cat,sat' });
    const note = sr(el).querySelector('.note')!;
    expect(note.hasAttribute('hidden')).toBe(false);
    expect(note.getAttribute('role')).toBeNull();
    expect(note.textContent).toBe('labels names 3 tokens but there are 6: tokens 4 to 6 show their index.');
    expect(sr(el).querySelector('.message')!.hasAttribute('hidden')).toBe(true);
    expect(el.weights.length).toBe(36); // the picture is unaffected
    el.setAttribute('labels', 'a,b,c,d,e,f,g,h');
    el.setAttribute('lang', 'zh-CN');
    await el.updateComplete;
    expect(note.textContent).toBe('labels 给了 8 个名字，但只有 6 个 token：多出的名字没有显示。');
    el.setAttribute('labels', 'a,b,c,d,e,f');
    await el.updateComplete;
    expect(note.hasAttribute('hidden')).toBe(true);
    el.removeAttribute('labels');
    await el.updateComplete;
    expect(note.hasAttribute('hidden')).toBe(true);
  });

  it('the slider writes the dk attribute and marks the input', async () => {
    const el = await mount();
    const mark = vi.spyOn(performance, 'mark');
    const slider = sr(el).querySelector('input[type="range"]') as HTMLInputElement;
    slider.value = '100';
    slider.dispatchEvent(new Event('input'));
    expect(el.getAttribute('dk')).toBe('100');
    await el.updateComplete;
    expect(el.dk).toBe(100);
    expect(mark.mock.calls.map((c) => c[0])).toEqual(['attn-heatmap-input', 'attn-heatmap-painted']);
  });

  it('the grid has one tab stop and arrow keys move it', async () => {
    const el = await mount({ tokens: '3' });
    const cells = () => Array.from(sr(el).querySelectorAll('[role="gridcell"]')) as HTMLElement[];
    expect(cells()).toHaveLength(9);
    expect(cells().filter((c) => c.tabIndex === 0)).toHaveLength(1);
    const grid = sr(el).querySelector('[role="grid"]')!;
    cells()[0].focus();
    grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    const active = cells().filter((c) => c.tabIndex === 0);
    expect(active).toHaveLength(1);
    expect([active[0].dataset.i, active[0].dataset.j]).toEqual(['1', '1']);
    expect(sr(el).querySelector('.info')!.textContent).toContain('query 1 → key 1');
    grid.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', ctrlKey: true, bubbles: true }));
    const last = cells().filter((c) => c.tabIndex === 0)[0];
    expect([last.dataset.i, last.dataset.j]).toEqual(['2', '2']);
  });
});

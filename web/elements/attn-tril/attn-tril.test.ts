// @vitest-environment happy-dom
// <attn-tril> with the real attn_torch module (Node reads its .wasm): the
// numbers PyTorch prints for seed 1337 (e2e/golden/tril_1337.json), every
// control, attributes ↔ properties, typed events, bad attributes kept with a
// message, the PyTorch script.
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../engine/torch/browser', () => ({ getTorch: () => new Promise(() => {}) }));

import { loadTorch } from '../../engine/torch/torch.js';
import type { AttnTril as AttnTrilT, AttnTrilChangeDetail } from './attn-tril';

const root = process.cwd();
const golden = JSON.parse(readFileSync(`${root}/e2e/golden/tril_1337.json`, 'utf8')) as {
  x: number[]; x0_printed: string[]; wei0_printed: string[]; wei0_unscaled_printed: string[];
};
let AttnTril: typeof AttnTrilT;
const sr = (el: Element) => el.shadowRoot!;
const texts = (el: Element, sel: string) => Array.from(sr(el).querySelectorAll(sel), (n) => n.textContent ?? '');

beforeAll(async () => {
  ({ AttnTril } = await import('./attn-tril'));
  const wasmBinary = readFileSync(`${root}/web/generated/attn_torch.wasm`);
  AttnTril.engine = () => loadTorch({ wasmBinary });
});

afterEach(() => document.body.replaceChildren());

async function mount(attrs: Record<string, string> = {}): Promise<AttnTrilT> {
  const el = document.createElement('attn-tril');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  await el.updateComplete; // the render and the lab module it loads
  expect(el.x.length).toBeGreaterThan(0);
  return el;
}

describe('<attn-tril>', () => {
  it('shows x[0] and the three ways with PyTorch numbers for seed 1337', async () => {
    const el = await mount({ lang: 'en' });
    expect(Array.from(el.x)).toEqual(golden.x);
    const part = sr(el).querySelector('[part="three"]')!;
    const xCells = Array.from(part.querySelectorAll('table')[0].querySelectorAll('tbody td'), (td) => td.textContent);
    expect(xCells).toEqual(golden.x0_printed);
    expect(sr(el).querySelector('[part="allclose"]')!.textContent).toBe(
      'torch.allclose(xbow, xbow2): False · torch.allclose(xbow, xbow3): False');
    expect(sr(el).querySelector('[part="max-diff"]')!.textContent).toContain('3.24e-8');
    expect(el.xbow.length).toBe(64);
  });

  it('switches to data-dependent weights; mask and scale controls work', async () => {
    const events: AttnTrilChangeDetail[] = [];
    document.addEventListener('attn-tril-change', (e) => events.push((e as CustomEvent<AttnTrilChangeDetail>).detail));
    const el = await mount();
    const att = sr(el).querySelector<HTMLInputElement>('#view-attention')!;
    att.checked = true;
    att.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(el.getAttribute('view')).toBe('attention');
    expect(sr(el).querySelector('[part="three"]')!.hasAttribute('hidden')).toBe(true);
    const cells = () => Array.from(sr(el).querySelector('[part="head"] table')!.querySelectorAll('tbody td'), (td) => td.textContent);
    expect(cells()).toEqual(golden.wei0_printed);
    const scale = sr(el).querySelector<HTMLInputElement>('#scale')!;
    scale.checked = false;
    scale.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(el.scale).toBe(false);
    expect(cells()).toEqual(golden.wei0_unscaled_printed); // the notebook's wei[0]
    expect(cells()[8]).toBe('0.1574');
    const mask = sr(el).querySelector<HTMLInputElement>('#mask')!;
    mask.checked = false;
    mask.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(el.hasAttribute('unmasked')).toBe(true);
    expect(el.getAttribute('scale')).toBe('none');
    expect(el.wei[1]).toBeGreaterThan(0); // future keys now take part
    expect(events.at(-1)).toMatchObject({ seed: '1337', view: 'attention', mask: false, scale: false });
    expect(sr(el).querySelector('[part="variances"]')!.textContent).toMatch(/1\.9224.*0\.1201/);
  });

  it('moves the loop step, the temperature and the permutation', async () => {
    const el = await mount({ lang: 'en' });
    const step = sr(el).querySelector<HTMLInputElement>('#step')!;
    step.value = '2';
    step.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(el.step).toBe(2);
    expect(sr(el).querySelectorAll('[part="three"] table')[0].querySelectorAll('tr.hl')).toHaveLength(3);
    const m = sr(el).querySelector<HTMLInputElement>('#m')!;
    m.value = '8';
    m.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(el.m).toBe(8);
    expect(texts(el, '[part="temperature"] .reading')[0]).toContain('0.8000');
    const reverse = sr(el).querySelectorAll<HTMLButtonElement>('[part="permutation"] button')[0];
    reverse.click();
    await el.updateComplete;
    expect(el.perm).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
    expect(texts(el, '[part="perm-verdict"]')[0]).toContain('only moved');
    const pos = sr(el).querySelector<HTMLInputElement>('#positions')!;
    pos.checked = true;
    pos.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(texts(el, '[part="perm-verdict"]')[0]).toContain('change');
  });

  it('keeps the last valid state with a visible message for bad attributes', async () => {
    const el = await mount({ lang: 'en', seed: '42', b: '1', m: '4' });
    const x42 = el.x;
    el.setAttribute('seed', '-1');
    el.setAttribute('b', '9');
    el.setAttribute('m', 'abc');
    await el.updateComplete;
    const msg = sr(el).querySelector('[part="message"]')!;
    expect(msg.hasAttribute('hidden')).toBe(false);
    expect(msg.textContent).toContain('seed must be an integer in [0, 2^63)');
    expect(msg.textContent).toContain('b must be an integer 0–3');
    expect(msg.textContent).toContain('m must be a number 1–16');
    expect(el.seed).toBe('42');
    expect(el.b).toBe(1);
    expect(el.m).toBe(4);
    expect(Array.from(el.x)).toEqual(Array.from(x42));
    el.setAttribute('seed', '1337');
    el.removeAttribute('b');
    el.removeAttribute('m');
    await el.updateComplete;
    expect(msg.hasAttribute('hidden')).toBe(true);
    expect(Array.from(el.x)).toEqual(golden.x);
  });

  it('gives a PyTorch script for the current state and speaks Chinese by default', async () => {
    const el = await mount({ seed: '7', m: '8', perm: '1,0,2,3,4,5,6,7' });
    expect(el.pytorchCode).toContain('torch.manual_seed(7)');
    expect(el.pytorchCode).toContain('* 8, dim=-1');
    expect(el.pytorchCode).toContain('perm = [1, 0, 2, 3, 4, 5, 6, 7]');
    expect(sr(el).querySelector('[part="copy-button"]')!.textContent).toBe('复制为 PyTorch 代码');
  });
});
